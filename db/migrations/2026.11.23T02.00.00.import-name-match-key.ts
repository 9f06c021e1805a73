import { type Migration, runSql } from '../migrator';

/**
 * Imports look up the contacts matching a batch of 1 000 rows in one statement. A name key is
 * lower-cased, trimmed, with an absent name as '' (domain/imports/match-keys.ts): the index now
 * holds that same expression, so the batch's (first, last) pairs join it directly. The previous
 * index (lower(first_name), lower(last_name)) could not serve the pairs with an absent name, and
 * the OR over e-mails and names made the planner scan every contact of the owner per batch
 * (200 ms per batch at 100 000 contacts).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX contacts_owner_name_idx;
CREATE INDEX contacts_owner_name_key_idx ON contacts (owner_id, lower(btrim(coalesce(first_name, ''))), lower(btrim(coalesce(last_name, ''))));
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP INDEX contacts_owner_name_key_idx;
CREATE INDEX contacts_owner_name_idx ON contacts (owner_id, lower(first_name), lower(last_name));
`,
  );
