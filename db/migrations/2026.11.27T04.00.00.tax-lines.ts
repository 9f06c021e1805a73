import { type Migration, runSql } from '../migrator';

/**
 * Several taxes per line (issue 30 §2). A quote or invoice line may carry its taxes
 * (`taxes`: `[{ "name": "GST", "rate": "5" }, { "name": "QST", "rate": "9.975" }]`, rates with up to
 * three decimals); NULL is a line of the spec's one `vat_percentage`, as every line before this.
 * An issued invoice whose lines carry taxes keeps its summary per tax and rate
 * (`invoices.tax_amounts`: name, rate, base, amount), and a credit note of such an invoice its
 * parts per set of taxes (`credit_notes.tax_parts`). Both are written once, at issue, and covered by
 * the immutability triggers like every other column (they compare whole rows).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quote_items ADD COLUMN taxes jsonb
  CONSTRAINT quote_items_taxes_list CHECK (taxes IS NULL OR jsonb_typeof(taxes) = 'array');
ALTER TABLE invoice_items ADD COLUMN taxes jsonb
  CONSTRAINT invoice_items_taxes_list CHECK (taxes IS NULL OR jsonb_typeof(taxes) = 'array');
ALTER TABLE invoices ADD COLUMN tax_amounts jsonb
  CONSTRAINT invoices_tax_amounts_list CHECK (tax_amounts IS NULL OR jsonb_typeof(tax_amounts) = 'array');
ALTER TABLE credit_notes ADD COLUMN tax_parts jsonb
  CONSTRAINT credit_notes_tax_parts_list CHECK (tax_parts IS NULL OR jsonb_typeof(tax_parts) = 'array');
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE credit_notes DROP COLUMN tax_parts;
ALTER TABLE invoices DROP COLUMN tax_amounts;
ALTER TABLE invoice_items DROP COLUMN taxes;
ALTER TABLE quote_items DROP COLUMN taxes;
`,
  );
