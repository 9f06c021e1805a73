import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** A purchase invoice as stored (amounts as decimal strings). */
export interface PurchaseInvoiceRow {
  id: string;
  source_format: 'FACTURX' | 'CII' | 'UBL';
  type_code: string | null;
  seller_name: string;
  seller_siren: string | null;
  seller_vat_number: string | null;
  number: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  total_without_tax: string;
  total_tax: string;
  total: string;
  vat_breakdown: { rate: string | null; category: string | null; base: string; tax: string }[];
  file_key: string;
  file_name: string | null;
  created_at: Date;
}

const COLUMNS = `id, source_format, type_code, seller_name, seller_siren, seller_vat_number, number, issue_date::text AS issue_date, due_date::text AS due_date, currency,
  total_without_tax, total_tax, total, vat_breakdown, file_key, file_name, created_at`;

/** One of the owner's purchase invoices, or null (another studio's reads as none). */
export async function findPurchaseInvoice(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
): Promise<PurchaseInvoiceRow | null> {
  const [row] = await sequelize.query<PurchaseInvoiceRow>(
    `SELECT ${COLUMNS} FROM purchase_invoices WHERE id = $1 AND owner_id = $2`,
    { bind: [id, ownerId], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** The owner's purchase invoice made from this file (its SHA-256), if it was sent before. */
export async function findPurchaseInvoiceByFile(
  sequelize: Sequelize,
  ownerId: string,
  sha256: string,
): Promise<string | null> {
  const [row] = await sequelize.query<{ id: string }>(
    `SELECT id FROM purchase_invoices WHERE owner_id = $1 AND file_sha256 = $2`,
    { bind: [ownerId, sha256], type: QueryTypes.SELECT },
  );
  return row?.id ?? null;
}

/** The owner's purchase invoices, newest received first. */
export async function listPurchaseInvoices(
  sequelize: Sequelize,
  ownerId: string,
  page: { page: number; limit: number },
): Promise<{ items: PurchaseInvoiceRow[]; total: number; page: number; limit: number }> {
  const [items, [count]] = await Promise.all([
    sequelize.query<PurchaseInvoiceRow>(
      `SELECT ${COLUMNS} FROM purchase_invoices WHERE owner_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      { bind: [ownerId, page.limit, (page.page - 1) * page.limit], type: QueryTypes.SELECT },
    ),
    sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM purchase_invoices WHERE owner_id = $1`, {
      bind: [ownerId],
      type: QueryTypes.SELECT,
    }),
  ]);
  return { items, total: Number(count.n), page: page.page, limit: page.limit };
}
