import { type Sequelize } from 'sequelize-typescript';
import { type Client } from '@temporalio/client';
import { markJobRunTerminated } from '../../db/commands/mark-job-run-terminated';
import { findJobRun } from '../../db/queries/job-runs';
import { type JobRunRow } from '../../db/rows';
import { ConflictError } from '../../domain/errors';

/**
 * Terminates a RUNNING job's workflow, then settles its row as the reconciler would: FAILED, in
 * the dead-letter queue, so it can be replayed. 404 when there is no such run, 409
 * job_not_running when it is not RUNNING. A workflow already gone is what terminate wants.
 */
export async function terminateJob(
  sequelize: Sequelize,
  temporal: Client,
  jobRunId: string,
  reason: string,
): Promise<JobRunRow> {
  const run = await findJobRun(sequelize, jobRunId);
  if (run.status !== 'RUNNING') throw new ConflictError('job_not_running', 'Only a RUNNING job can be terminated');
  await temporal.workflow
    .getHandle(run.workflow_id)
    .terminate(reason)
    .catch((err: Error) => {
      if (err.name !== 'WorkflowNotFoundError') throw err;
    });
  return markJobRunTerminated(sequelize, run.id, reason);
}
