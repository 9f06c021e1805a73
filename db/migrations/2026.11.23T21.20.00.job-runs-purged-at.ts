import { type Migration, runSql } from '../migrator';

/**
 * Ops may purge a job name's dead-letter entries from the queue board (spec: Operations, purge):
 * the runs leave the dead-letter queue but stay as history, stamped with when they were purged,
 * so a purge is visible afterwards and never mistaken for a replay.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(context, `ALTER TABLE job_runs ADD COLUMN purged_at timestamptz;`);

export const down: Migration['down'] = ({ context }) => runSql(context, `ALTER TABLE job_runs DROP COLUMN purged_at;`);
