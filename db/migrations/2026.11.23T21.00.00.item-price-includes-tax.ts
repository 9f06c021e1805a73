import { type Migration, runSql } from '../migrator';

/**
 * Which price of a line the studio typed: with tax (the client pays exactly quantity × price with
 * tax) or without. Both prices are stored, derived one from the other, so without this flag a line
 * priced with tax read back is priced without tax and can lose a cent. Existing lines keep the rule
 * they were computed with (priced without tax), so no stored total changes.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quote_items ADD COLUMN price_includes_tax boolean NOT NULL DEFAULT false;
ALTER TABLE invoice_items ADD COLUMN price_includes_tax boolean NOT NULL DEFAULT false;
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE quote_items DROP COLUMN price_includes_tax;
ALTER TABLE invoice_items DROP COLUMN price_includes_tax;
`,
  );
