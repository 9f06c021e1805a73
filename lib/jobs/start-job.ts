import { type Sequelize } from 'sequelize-typescript';
import crypto from 'node:crypto';
import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { type JobMeta, type JobRunDraft } from '../../db/commands/job-runs';
import { deadLetterJobRun } from '../../db/commands/dead-letter-job-run';
import { recordJobRunOnce } from '../../db/commands/record-job-run-once';
import { setJobRunRunId } from '../../db/commands/set-job-run-run-id';
import { findJobRunByWorkflowId } from '../../db/queries/job-runs';
import { studioSetting } from '../../db/studio-context';
import { type JobRunRow } from '../../db/rows';
import { ConflictError, UnavailableError } from '../../domain/errors';
import { type JobContract, type JobInput } from '../../workflows/job-run/contract';

export type { JobMeta, JobRunDraft };

/** The columns of a job run its workflow is started from. */
export type StartableJobRun = Pick<
  JobRunRow,
  'id' | 'workflow_type' | 'task_queue' | 'workflow_id' | 'request_id' | 'payload'
>;

/**
 * Starts a recorded job run's workflow, with the run id in its input and memo. Resolves with the
 * new run id, or null when a workflow already runs under that id (the same job); throws when
 * Temporal refuses. startJob and startJobs (the relay's batches) both start workflows this way.
 */
export async function startJobWorkflow(client: Client, run: StartableJobRun): Promise<string | null> {
  const input: JobInput = { jobRunId: run.id, requestId: run.request_id ?? undefined, payload: run.payload };
  try {
    const handle = await client.workflow.start(run.workflow_type, {
      taskQueue: run.task_queue,
      workflowId: run.workflow_id,
      args: [input],
      memo: { jobRunId: run.id, requestId: run.request_id ?? null },
    });
    return handle.firstExecutionRunId;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return null;
    throw err;
  }
}

/**
 * The studio a job acts for, kept as its run's `org_id`: its activities run under it
 * (workers/job-context-interceptor.ts) and the run is that studio's under row-level security.
 * The one the caller names (null: the platform's, on purpose); else its payload's `ownerId`
 * (every job about a studio's record carries one, whoever starts it: the studio's request, the
 * outbox's relay or a schedule); else the studio the caller acts for; else the platform's.
 */
export function jobStudio(meta: JobMeta | undefined, payload: Record<string, unknown>): string | null {
  if (meta?.orgId !== undefined) return meta.orgId;
  if (typeof payload.ownerId === 'string') return payload.ownerId;
  return studioSetting() || null;
}

/** The error a job run is dead-lettered with when its workflow could not be started. */
export const startFailure = (err: unknown) => `Could not start the workflow: ${(err as Error).message}`;

/**
 * Starts the workflow of a recorded job run, after its row is committed. A workflow already
 * running under that id is the same job. When Temporal cannot be reached the row becomes FAILED
 * in the dead-letter queue, so an admin can replay it once Temporal is back, and the caller
 * gets an UnavailableError.
 */
export async function launchJobRun(sequelize: Sequelize, client: Client, run: JobRunRow): Promise<JobRunRow> {
  let runId: string | null;
  try {
    runId = await startJobWorkflow(client, run);
  } catch (err) {
    await deadLetterJobRun(sequelize, run.id, startFailure(err));
    throw new UnavailableError('The job system is not available; the job was recorded and can be replayed');
  }
  return runId ? setJobRunRunId(sequelize, run.id, runId) : run;
}

/**
 * The one way to start a job, from the api or the worker side: derives the workflow id from the
 * contract and the business key, applies the contract's re-run policy, records the job_runs row
 * and starts the workflow with the row id in its input.
 */
export async function startJob<P extends Record<string, unknown>, K>(
  sequelize: Sequelize,
  client: Client,
  contract: JobContract<P, K>,
  key: K,
  payload: P,
  meta: JobMeta = {},
): Promise<JobRunRow> {
  const base = contract.workflowId(key);
  const workflowId = contract.rerun === 'new-run' ? `${base}:run:${crypto.randomUUID()}` : base;
  const run = await recordJobRunOnce(sequelize, {
    ...meta,
    orgId: jobStudio(meta, payload),
    jobName: contract.jobName,
    workflowType: contract.workflowType,
    taskQueue: contract.taskQueue,
    workflowId,
    payload,
  });
  if (!run) {
    if (contract.rerun === 'refuse')
      throw new ConflictError('job_already_started', `A ${contract.jobName} job for this key already exists`);
    return findJobRunByWorkflowId(sequelize, workflowId);
  }
  return launchJobRun(sequelize, client, run);
}
