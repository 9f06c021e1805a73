import { type Migration, runSql } from '../migrator';

/**
 * Issue 40 §5: a quote or invoice line sold at a 0 % rate may say why (`zero_rate_reason`: "Zero-rated:
 * printed books"), which UK VAT invoices print (VAT Notice 700 §16) and the e-invoice carries as the
 * line's note. Covered, once the invoice is issued, by invoice_items_immutable_once_issued.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quote_items ADD COLUMN zero_rate_reason varchar(200);
ALTER TABLE invoice_items ADD COLUMN zero_rate_reason varchar(200);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE invoice_items DROP COLUMN zero_rate_reason;
ALTER TABLE quote_items DROP COLUMN zero_rate_reason;
`,
  );
