import { type Migration, runSql } from '../migrator';

/**
 * Deposit invoices (factures d'acompte, issue 21 §1). A deposit invoice is an invoice made from a
 * quote for one installment of its schedule: `deposit_installment` is that installment's position
 * (from 0), `quote_id` the quote. At most one per quote and installment that is not CANCELLED (a
 * fully credited deposit frees its installment). The final invoice deducts each issued deposit
 * with DEPOSIT lines, one per deposit and VAT rate, negative, pointing to the deposit invoice
 * (`deposit_invoice_id`). Both columns are written on the draft and are then immutable with the
 * rest of an issued invoice (the triggers of 2026.11.24T00.00.00 compare whole rows).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE invoices ADD COLUMN deposit_installment smallint CHECK (deposit_installment BETWEEN 0 AND 11);
CREATE UNIQUE INDEX invoices_one_deposit_per_installment ON invoices (quote_id, deposit_installment)
  WHERE deposit_installment IS NOT NULL AND status <> 'CANCELLED';

ALTER TABLE invoice_items DROP CONSTRAINT invoice_items_item_type_check;
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_item_type_check CHECK (item_type IN ('BLANK', 'TEXT', 'SESSION_TYPE', 'DISCOUNT', 'DEPOSIT'));
-- No action on delete: an issued deposit is never deleted but by an account purge, which removes the final invoice in the same statement.
ALTER TABLE invoice_items ADD COLUMN deposit_invoice_id uuid REFERENCES invoices(id);
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_deposit_line_check CHECK ((item_type = 'DEPOSIT') = (deposit_invoice_id IS NOT NULL));
CREATE INDEX invoice_items_deposit_invoice_idx ON invoice_items (deposit_invoice_id) WHERE deposit_invoice_id IS NOT NULL;
`,
  );

// Refused (the check) while any deduction line exists: those are lines of legal records.
export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX invoice_items_deposit_invoice_idx;
ALTER TABLE invoice_items DROP CONSTRAINT invoice_items_deposit_line_check;
ALTER TABLE invoice_items DROP COLUMN deposit_invoice_id;
ALTER TABLE invoice_items DROP CONSTRAINT invoice_items_item_type_check;
ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_item_type_check CHECK (item_type IN ('BLANK', 'TEXT', 'SESSION_TYPE', 'DISCOUNT'));
DROP INDEX invoices_one_deposit_per_installment;
ALTER TABLE invoices DROP COLUMN deposit_installment;
`,
  );
