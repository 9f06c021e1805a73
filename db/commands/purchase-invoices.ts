import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type PurchaseInvoice } from '../../domain/invoicing/purchase-invoice';
import { centsToDecimal } from '../../domain/invoicing/money';

export interface ReceivedFile {
  bucket: string;
  key: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  fileName: string | null;
  format: 'FACTURX' | 'CII' | 'UBL';
  /** The incoming flow of the studio's platform it came in (issue 32 §3); null for an upload. */
  platformFlowId: string | null;
}

/**
 * Records a purchase invoice and its stored file (a file_objects row, so the orphan scan of
 * documents/ knows it) in one transaction. Answers the new record's id, or null when this studio
 * already has a record of the same file (sent twice at once: the unique key decides). A file that
 * came from the platform answers the record it already has (read twice, or uploaded before it
 * arrived), which then names the flow.
 */
export async function recordPurchaseInvoice(
  sequelize: Sequelize,
  owner: { id: string; orgId: string },
  file: ReceivedFile,
  invoice: PurchaseInvoice,
): Promise<string | null> {
  return sequelize.transaction(async (transaction) => {
    const [object] = await sequelize.query<{ id: string }>(
      `INSERT INTO file_objects (org_id, bucket, key, content_type, size_bytes, checksum, created_by, file_name, entity_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'document')
       ON CONFLICT (bucket, key) DO UPDATE SET updated_at = now()
       RETURNING id`,
      {
        bind: [
          owner.orgId,
          file.bucket,
          file.key,
          file.contentType,
          file.sizeBytes,
          file.sha256,
          owner.id,
          file.fileName,
        ],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const vat = invoice.vat.map((l) => ({
      rate: l.rate,
      category: l.category,
      base: centsToDecimal(l.baseCents),
      tax: centsToDecimal(l.taxCents),
    }));
    const [row] = await sequelize.query<{ id: string }>(
      `INSERT INTO purchase_invoices (owner_id, source_format, type_code, seller_name, seller_siren, seller_vat_number, number, issue_date, due_date, currency,
         total_without_tax, total_tax, total, vat_breakdown, file_object_id, file_key, file_name, file_sha256,
         received_via, platform_flow_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18,
         CASE WHEN $19::text IS NULL THEN 'upload' ELSE 'platform' END, $19::text)
       ON CONFLICT ON CONSTRAINT purchase_invoices_once DO ${
         file.platformFlowId === null
           ? 'NOTHING'
           : 'UPDATE SET platform_flow_id = COALESCE(purchase_invoices.platform_flow_id, EXCLUDED.platform_flow_id)'
       }
       RETURNING id`,
      {
        bind: [
          owner.orgId,
          file.format,
          invoice.typeCode?.slice(0, 10) ?? null,
          invoice.sellerName.slice(0, 500),
          invoice.sellerSiren,
          invoice.sellerVatNumber?.slice(0, 40) ?? null,
          invoice.number.slice(0, 200),
          invoice.issueDate,
          invoice.dueDate,
          invoice.currency,
          centsToDecimal(invoice.totalWithoutTaxCents),
          centsToDecimal(invoice.totalTaxCents),
          centsToDecimal(invoice.totalCents),
          JSON.stringify(vat),
          object.id,
          file.key,
          file.fileName?.slice(0, 255) ?? null,
          file.sha256,
          file.platformFlowId,
        ],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (row)
      await sequelize.query(`UPDATE file_objects SET entity_id = $1 WHERE id = $2`, {
        bind: [row.id, object.id],
        transaction,
      });
    return row?.id ?? null;
  });
}
