import { type Sequelize } from 'sequelize-typescript';

/**
 * Settles a batch after its starts: writes the run ids of the started runs, dead-letters the
 * runs Temporal refused (if still RUNNING), and removes the runs never tried (RUNNING, no run id).
 */
export async function settleJobRunBatch(
  sequelize: Sequelize,
  outcome: { runIds: { id: string; run_id: string }[]; failures: { id: string; error: string }[]; untried: string[] },
): Promise<void> {
  const { runIds, failures, untried } = outcome;
  if (runIds.length) {
    await sequelize.query(
      'UPDATE job_runs j SET run_id = r.run_id, updated_at = now() FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, run_id varchar(100)) WHERE j.id = r.id',
      { bind: [JSON.stringify(runIds)] },
    );
  }
  if (failures.length) {
    await sequelize.query(
      `UPDATE job_runs j SET status = 'FAILED', in_dlq = true, finished_at = now(), error = f.error, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS f(id uuid, error text) WHERE j.id = f.id AND j.status = 'RUNNING'`,
      { bind: [JSON.stringify(failures)] },
    );
  }
  if (untried.length)
    await sequelize.query("DELETE FROM job_runs WHERE id = ANY($1::uuid[]) AND status = 'RUNNING' AND run_id IS NULL", {
      bind: [untried],
    });
}
