import { type Migration, runSql } from '../migrator';

/**
 * Imports with updateExisting match on lower-cased keys (domain/imports/match-keys.ts): each key
 * gets an index that serves it: contacts_owner_email_idx, quotes_owner_title_idx and
 * invoices_owner_title_idx exist already; contact names and session titles are added here
 * (sessions match on title plus the start date: the index narrows to a few rows per owner).
 *
 * import_row_writes records, in the same transaction as each batch, which file line of which job
 * run wrote which record: a worker killed mid-import and retried skips the lines already written
 * and reuses their ids, so the import ends with no duplicate and no missing row.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE INDEX contacts_owner_name_idx ON contacts (owner_id, lower(first_name), lower(last_name));
CREATE INDEX sessions_owner_title_idx ON sessions (owner_id, lower(title), start_date);
CREATE TABLE import_row_writes (
  job_run_id uuid NOT NULL REFERENCES job_runs(id) ON DELETE CASCADE,
  line integer NOT NULL,
  entity_id uuid NOT NULL,
  action varchar(10) NOT NULL,
  PRIMARY KEY (job_run_id, line)
);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP TABLE import_row_writes;
DROP INDEX sessions_owner_title_idx;
DROP INDEX contacts_owner_name_idx;
`,
  );
