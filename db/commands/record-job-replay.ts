import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { JobRun } from '../models/JobRun';
import { type JobRunRow } from '../rows';
import { recordJobRun } from './job-runs';

/**
 * In one transaction, the failed run is locked, taken out of the dead-letter queue and linked to
 * a new RUNNING run with the same payload under `replayWorkflowId(original)`. Two concurrent
 * replays of one run record one replay: the second waits on the lock, then finds the run no
 * longer in the queue (409 job_not_replayable). 404 when there is no such run.
 */
export function recordJobReplay(
  sequelize: Sequelize,
  jobRunId: string,
  replayWorkflowId: (workflowId: string) => string,
  requestId?: string,
): Promise<{ original: JobRunRow; replay: JobRunRow }> {
  return sequelize.transaction(async (transaction) => {
    const original = await JobRun.findByPk(jobRunId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!original) throw new NotFoundError('Job run');
    if (original.status !== 'FAILED' || !original.in_dlq) {
      throw new ConflictError('job_not_replayable', 'Only a FAILED job in the dead-letter queue can be replayed');
    }
    const replay = await recordJobRun(
      sequelize,
      {
        jobName: original.job_name,
        workflowType: original.workflow_type,
        taskQueue: original.task_queue,
        workflowId: replayWorkflowId(original.workflow_id),
        payload: original.payload,
        orgId: original.org_id,
        userId: original.user_id,
        entityId: original.entity_id,
        requestId,
        replayOf: original.id,
      },
      transaction,
    );
    await original.update({ in_dlq: false, replayed_by: replay.id }, { transaction });
    return { original, replay };
  });
}
