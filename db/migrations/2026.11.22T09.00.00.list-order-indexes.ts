import { type Migration, runSql } from '../migrator';

/**
 * Lists are ordered `created_at DESC, id DESC`. The first indexes sorted id ascending, so every
 * page ended in an incremental sort; these match the order exactly and the page is a plain
 * index scan that stops after `limit` entries.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX contacts_owner_created_idx;
CREATE INDEX contacts_owner_created_idx ON contacts (owner_id, created_at DESC, id DESC);
DROP INDEX sessions_owner_created_idx;
CREATE INDEX sessions_owner_created_idx ON sessions (owner_id, created_at DESC, id DESC);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX contacts_owner_created_idx;
CREATE INDEX contacts_owner_created_idx ON contacts (owner_id, created_at DESC, id);
DROP INDEX sessions_owner_created_idx;
CREATE INDEX sessions_owner_created_idx ON sessions (owner_id, created_at DESC, id);
`,
  );
