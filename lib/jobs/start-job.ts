import crypto from 'node:crypto';
import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { type Transaction, UniqueConstraintError } from 'sequelize';
import { JobRun } from '../../db/models/JobRun';
import { ConflictError, UnavailableError } from '../../domain/errors';
import { type JobContract, type JobInput } from '../../workflows/job-run/contract';

/** Who and what a job run is about: kept on its job_runs row for ops, metrics and replay. */
export interface JobMeta {
  orgId?: string | null;
  userId?: string | null;
  entityId?: string | null;
  /** The request (or schedule fire, or event) that caused the job: the correlation id. */
  requestId?: string;
}

/** The columns a job run is written with; replay builds one from the run it replays. */
export interface JobRunDraft extends JobMeta {
  jobName: string;
  workflowType: string;
  taskQueue: string;
  workflowId: string;
  payload: Record<string, unknown>;
  replayOf?: string;
}

/** Writes a RUNNING job_runs row (inside `transaction` when given); the workflow is not started yet. */
export function recordJobRun(draft: JobRunDraft, transaction?: Transaction): Promise<JobRun> {
  return JobRun.create(
    {
      job_name: draft.jobName,
      status: 'RUNNING',
      attempt: 0,
      entity_id: draft.entityId ?? null,
      org_id: draft.orgId ?? null,
      user_id: draft.userId ?? null,
      payload: draft.payload,
      workflow_id: draft.workflowId,
      task_queue: draft.taskQueue,
      workflow_type: draft.workflowType,
      request_id: draft.requestId ?? null,
      started_at: new Date(),
      replay_of: draft.replayOf ?? null,
    },
    { transaction },
  );
}

/** The columns of a job run its workflow is started from. */
export type StartableJobRun = Pick<JobRun, 'id' | 'workflow_type' | 'task_queue' | 'workflow_id' | 'request_id' | 'payload'>;

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

/** The error a job run is dead-lettered with when its workflow could not be started. */
export const startFailure = (err: unknown) => `Could not start the workflow: ${(err as Error).message}`;

/**
 * Starts the workflow of a recorded job run, after its row is committed. A workflow already
 * running under that id is the same job. When Temporal cannot be reached the row becomes FAILED
 * in the dead-letter queue, so an admin can replay it once Temporal is back, and the caller
 * gets an UnavailableError.
 */
export async function launchJobRun(client: Client, run: JobRun): Promise<JobRun> {
  let runId: string | null;
  try {
    runId = await startJobWorkflow(client, run);
  } catch (err) {
    await run.update({ status: 'FAILED', in_dlq: true, finished_at: new Date(), error: startFailure(err) });
    throw new UnavailableError('The job system is not available; the job was recorded and can be replayed');
  }
  if (runId) await run.update({ run_id: runId });
  return run;
}

/**
 * The one way to start a job, from the api or the worker side: derives the workflow id from the
 * contract and the business key, applies the contract's re-run policy, records the job_runs row
 * and starts the workflow with the row id in its input.
 */
export async function startJob<P extends Record<string, unknown>, K>(
  client: Client,
  contract: JobContract<P, K>,
  key: K,
  payload: P,
  meta: JobMeta = {},
): Promise<JobRun> {
  const base = contract.workflowId(key);
  const workflowId = contract.rerun === 'new-run' ? `${base}:run:${crypto.randomUUID()}` : base;
  let run: JobRun;
  try {
    run = await recordJobRun({ ...meta, jobName: contract.jobName, workflowType: contract.workflowType, taskQueue: contract.taskQueue, workflowId, payload });
  } catch (err) {
    if (!(err instanceof UniqueConstraintError)) throw err;
    if (contract.rerun === 'refuse') throw new ConflictError('job_already_started', `A ${contract.jobName} job for this key already exists`);
    return JobRun.findOne({ where: { workflow_id: workflowId }, rejectOnEmpty: true });
  }
  return launchJobRun(client, run);
}
