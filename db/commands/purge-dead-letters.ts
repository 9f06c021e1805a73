import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/**
 * Takes every dead-lettered run of `jobName` out of the dead-letter queue in one statement: they
 * stay in job_runs as FAILED, with `purged_at`, and can no longer be replayed. Returns their ids.
 */
export async function purgeDeadLetters(sequelize: Sequelize, jobName: string): Promise<string[]> {
  const rows = await sequelize.query<{ id: string }>(
    'UPDATE job_runs SET in_dlq = false, purged_at = now() WHERE job_name = $1 AND in_dlq RETURNING id',
    {
      bind: [jobName],
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((r) => r.id);
}
