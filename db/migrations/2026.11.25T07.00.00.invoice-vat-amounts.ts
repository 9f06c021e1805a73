import { QueryTypes } from 'sequelize';
import { invoiceVatAmounts } from '../../domain/accounting/sources';
import { type LineInput } from '../../domain/invoicing/totals';
import { type Migration, runSql } from '../migrator';

/**
 * Each issued invoice's VAT summary, kept from its issue (issue 22, the FEC's speed,
 * docs/accounting-export.md): per VAT rate, its base and VAT exactly as the document shows them
 * (computeTotals of its lines, domain/accounting/sources.ts#invoiceVatAmounts). Written in the
 * issue's transaction; an issued invoice's lines never change, so neither does its summary:
 * rows are never changed or deleted (but by an account purge, like the other legal records).
 * Existing ISSUED and CANCELLED invoices get theirs here, by the same rule.
 */
export const up: Migration['up'] = async ({ context }) => {
  const sequelize = context.sequelize;
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `
CREATE TABLE invoice_vat_amounts (
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  vat_percentage decimal(5,2) NOT NULL,
  base decimal(12,2) NOT NULL,
  vat decimal(12,2) NOT NULL,
  PRIMARY KEY (invoice_id, vat_percentage)
);

CREATE FUNCTION invoice_vat_amounts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF studio_purging() THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'an issued invoice''s VAT amounts are never changed or deleted' USING ERRCODE = 'SI409', HINT = 'invoice_issued';
END $$;
CREATE TRIGGER invoice_vat_amounts_append_only BEFORE UPDATE OR DELETE ON invoice_vat_amounts
  FOR EACH ROW EXECUTE FUNCTION invoice_vat_amounts_refuse_change();
`,
      { transaction },
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
    const rows = [...byInvoice].flatMap(([invoiceId, items]) => invoiceVatAmounts(items).map((v) => ({ invoice_id: invoiceId, ...v })));
    for (let i = 0; i < rows.length; i += 5000) {
      await sequelize.query(
        `INSERT INTO invoice_vat_amounts (invoice_id, vat_percentage, base, vat)
         SELECT r.invoice_id, r.vat_percentage, r.base, r.vat FROM jsonb_to_recordset($1::jsonb) AS r(invoice_id uuid, vat_percentage numeric, base numeric, vat numeric)`,
        { bind: [JSON.stringify(rows.slice(i, i + 5000))], transaction },
      );
    }
  });
};

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP TABLE invoice_vat_amounts;
DROP FUNCTION invoice_vat_amounts_refuse_change();
`,
  );
