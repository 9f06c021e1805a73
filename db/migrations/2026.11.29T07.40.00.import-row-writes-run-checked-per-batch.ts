import { type Migration, runSql } from '../migrator';

/**
 * Issue 43: an import's write log (`import_row_writes`) checked its job run once per line through
 * its foreign key, a lookup of `job_runs` for each of a batch's 1 000 lines (about a tenth of a
 * creating batch's time in PostgreSQL). The batch's statement now checks and locks the job run
 * once (db/commands/write-import-batch.ts: FOR KEY SHARE, as the key's check did; a missing run
 * leaves the log's NOT NULL `job_run_id` empty and the batch fails), and a deleted job run still
 * takes its write log with it, by a trigger in place of ON DELETE CASCADE.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `ALTER TABLE import_row_writes DROP CONSTRAINT import_row_writes_job_run_id_fkey;
CREATE FUNCTION import_row_writes_follow_job_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_row_writes w USING gone WHERE w.job_run_id = gone.id;
  RETURN NULL;
END $$;
CREATE TRIGGER job_runs_take_their_import_row_writes AFTER DELETE ON job_runs
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION import_row_writes_follow_job_runs();`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP TRIGGER job_runs_take_their_import_row_writes ON job_runs;
DROP FUNCTION import_row_writes_follow_job_runs();
DELETE FROM import_row_writes w WHERE NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.id = w.job_run_id);
ALTER TABLE import_row_writes ADD CONSTRAINT import_row_writes_job_run_id_fkey
  FOREIGN KEY (job_run_id) REFERENCES job_runs(id) ON DELETE CASCADE;`,
  );
