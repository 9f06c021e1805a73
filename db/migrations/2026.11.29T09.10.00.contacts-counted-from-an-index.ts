import { type Migration, runSql } from '../migrator';

/**
 * Issue 43: the total of a contacts page (`count(*)` of the studio's contacts not erased, under the
 * row policies) read every contact's whole row to reach `erased_at`, its last column: about a
 * third of PostgreSQL's time for a page (docs/performance.md). A partial index of the contacts not
 * erased, holding the `id` the member policy reads, lets the count be an index-only scan. It
 * replaces nothing: the page's rows still come through contacts_owner_created_idx.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE INDEX contacts_owner_unerased_idx ON contacts (owner_id) INCLUDE (id) WHERE erased_at IS NULL;`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, `DROP INDEX contacts_owner_unerased_idx;`);
