import crypto from 'node:crypto';
import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { JobRun } from '../../db/models/JobRun';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { launchJobRun, recordJobRun } from './start-job';

/** The workflow id a replay of `workflowId` runs under: the root id plus a unique replay suffix. */
export function replayWorkflowId(workflowId: string): string {
  const root = workflowId.replace(/:replay:[\w-]+$/, '');
  return `${root}:replay:${crypto.randomUUID()}`;
}

/**
 * Replays a job from the dead-letter queue: in one transaction, the failed run is locked, taken
 * out of the queue and linked to a new RUNNING run with the same payload; the workflow starts
 * after the commit. Two concurrent replays of one run start one job: the second waits on the
 * lock, then finds the run no longer in the queue (409 job_not_replayable). If Temporal cannot be
 * reached, the new run is FAILED in the queue in its turn (launchJobRun) and can be replayed.
 */
export async function replayJob(sequelize: Sequelize, client: Client, jobRunId: string, requestId?: string): Promise<{ original: JobRun; replay: JobRun }> {
  const { original, replay } = await sequelize.transaction(async (transaction) => {
    const original = await JobRun.findByPk(jobRunId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!original) throw new NotFoundError('Job run');
    if (original.status !== 'FAILED' || !original.in_dlq) {
      throw new ConflictError('job_not_replayable', 'Only a FAILED job in the dead-letter queue can be replayed');
    }
    const replay = await recordJobRun(
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
  return { original, replay: await launchJobRun(client, replay) };
}
