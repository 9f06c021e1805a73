import { QueryTypes } from 'sequelize';
import { invoiceVatAmounts, type LineInput } from './frozen/2026.11.25T06.00.00.vat';
import { type Migration, runSql } from '../migrator';

/**
 * Each issued invoice keeps its VAT summary from its issue (issue 22, the FEC's speed,
 * docs/accounting-export.md): `invoices.vat_amounts`, per VAT rate its base and VAT exactly as the
 * document shows them (computeTotals of its lines, domain/invoicing/stored-vat.ts#invoiceVatAmounts),
 * as `[{"vat_percentage": "20.00", "base": "1000.00", "vat": "200.00"}, …]`. Set by the statement
 * that issues the invoice; from then on invoices_immutable_once_issued refuses any change to it,
 * like the rest of the issued invoice. NULL on a draft. Existing ISSUED and CANCELLED invoices
 * get theirs here, by the same rule (the immutability trigger is off for this statement only),
 * frozen as it stood in ./frozen/2026.11.25T06.00.00.vat.ts.
 */
export const up: Migration['up'] = async ({ context }) => {
  const sequelize = context.sequelize;
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `ALTER TABLE invoices ADD COLUMN vat_amounts jsonb CONSTRAINT invoices_vat_amounts_array CHECK (vat_amounts IS NULL OR jsonb_typeof(vat_amounts) = 'array')`,
      { transaction },
    );
    const issued = await sequelize.query<{ id: string }>(
      `SELECT id FROM invoices WHERE status IN ('ISSUED', 'CANCELLED') ORDER BY id`,
      { type: QueryTypes.SELECT, transaction },
    );
    const lines = await sequelize.query<LineInput & { invoice_id: string }>(
      `SELECT it.invoice_id, it.item_type, it.quantity, it.price_with_tax, it.price_without_tax, it.vat_percentage, it.discount_percentage, it.discount_amount, it.discount_type, it.price_includes_tax
       FROM invoice_items it JOIN invoices i ON i.id = it.invoice_id
       WHERE i.status IN ('ISSUED', 'CANCELLED')
       ORDER BY it.invoice_id, it.display_order, it.id`,
      { type: QueryTypes.SELECT, transaction },
    );
    const byInvoice = new Map<string, LineInput[]>();
    for (const { invoice_id, ...line } of lines) {
      const list = byInvoice.get(invoice_id);
      if (list) list.push(line);
      else byInvoice.set(invoice_id, [line]);
    }
    const rows = issued.map(({ id }) => ({ id, vat_amounts: invoiceVatAmounts(byInvoice.get(id) ?? []) }));
    await sequelize.query('ALTER TABLE invoices DISABLE TRIGGER invoices_immutable_once_issued', { transaction });
    for (let i = 0; i < rows.length; i += 5000) {
      await sequelize.query(
        `UPDATE invoices SET vat_amounts = r.vat_amounts FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, vat_amounts jsonb) WHERE invoices.id = r.id`,
        { bind: [JSON.stringify(rows.slice(i, i + 5000))], transaction },
      );
    }
    await sequelize.query('ALTER TABLE invoices ENABLE TRIGGER invoices_immutable_once_issued', { transaction });
  });
};

export const down: Migration['down'] = ({ context }) =>
  runSql(context, 'ALTER TABLE invoices DROP COLUMN vat_amounts;');
