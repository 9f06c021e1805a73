import { type Migration, runSql } from '../migrator';

/**
 * Quotes and invoices get the order indexes sessions and contacts got in 09.00.00:
 * `(owner_id, created_at DESC, id DESC)` serves lists (`created_at DESC, id DESC`) forwards and
 * the exports' keyset batches (`created_at, id` ascending) backwards. The first indexes sorted id
 * ascending, which serves neither order exactly.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX quotes_owner_created_idx;
CREATE INDEX quotes_owner_created_idx ON quotes (owner_id, created_at DESC, id DESC);
DROP INDEX invoices_owner_created_idx;
CREATE INDEX invoices_owner_created_idx ON invoices (owner_id, created_at DESC, id DESC);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX quotes_owner_created_idx;
CREATE INDEX quotes_owner_created_idx ON quotes (owner_id, created_at DESC, id);
DROP INDEX invoices_owner_created_idx;
CREATE INDEX invoices_owner_created_idx ON invoices (owner_id, created_at DESC, id);
`,
  );
