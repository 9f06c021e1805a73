import crypto from 'node:crypto';
import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { recordJobReplay } from '../../db/commands/record-job-replay';
import { type JobRunRow } from '../../db/rows';
import { launchJobRun } from './start-job';

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
export async function replayJob(
  sequelize: Sequelize,
  client: Client,
  jobRunId: string,
  requestId?: string,
): Promise<{ original: JobRunRow; replay: JobRunRow }> {
  const { original, replay } = await recordJobReplay(sequelize, jobRunId, replayWorkflowId, requestId);
  return { original, replay: await launchJobRun(sequelize, client, replay) };
}
