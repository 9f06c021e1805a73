import { type Migration, runSql } from '../migrator';

/**
 * Issue 32 §5, the reform's mentions: each quote and invoice line says whether it sells services
 * (a session, the default, what every line was) or goods (prints, albums), from which an invoice's
 * category of operation and billing framework follow (domain/invoicing/operation-category.ts);
 * an invoice may carry the address its goods are delivered to when it is not the client's
 * (`delivery_address`, jsonb like the buyer copy). Both are covered, once the invoice is issued, by
 * invoices_immutable_once_issued (the whole row but its listed columns) and
 * invoice_items_immutable_once_issued.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quote_items ADD COLUMN category varchar(10) NOT NULL DEFAULT 'SERVICES'
  CHECK (category IN ('SERVICES', 'GOODS'));
ALTER TABLE invoice_items ADD COLUMN category varchar(10) NOT NULL DEFAULT 'SERVICES'
  CHECK (category IN ('SERVICES', 'GOODS'));
ALTER TABLE invoices ADD COLUMN delivery_address jsonb
  CHECK (delivery_address IS NULL OR jsonb_typeof(delivery_address) = 'object');
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE invoices DROP COLUMN delivery_address;
ALTER TABLE invoice_items DROP COLUMN category;
ALTER TABLE quote_items DROP COLUMN category;
`,
  );
