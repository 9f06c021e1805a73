import { type Sequelize } from 'sequelize-typescript';
import { JobRun } from '../models/JobRun';
import { type JobRunRow } from '../rows';

/**
 * Settles a run whose workflow was terminated by an operator as the reconciler would: FAILED,
 * in the dead-letter queue, so it can be replayed. Only a RUNNING row changes (a run that ended
 * meanwhile keeps its outcome); answers the row as it now is.
 */
export async function markJobRunTerminated(_sequelize: Sequelize, id: string, reason: string): Promise<JobRunRow> {
  await JobRun.update(
    { status: 'FAILED', in_dlq: true, finished_at: new Date(), error: reason },
    { where: { id, status: 'RUNNING' } },
  );
  return JobRun.findByPk(id, { rejectOnEmpty: true });
}
