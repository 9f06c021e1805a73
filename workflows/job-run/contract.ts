/**
 * The job contract every capability copies: `workflows/<capability>/contract.ts` exports one
 * `defineJob(...)` per job, and starters (api routes, activities that start jobs, schedules,
 * replay) go through `startJob(client, contract, key, payload)` in lib/jobs/start-job.ts.
 * This file is imported by workflows, so it holds types and plain values only.
 */

/** What every job workflow receives: its job_runs row id, the request that started it, and its payload. */
export interface JobInput<P = Record<string, unknown>> {
  jobRunId: string;
  requestId?: string;
  payload: P;
}

/** Task queues, one per concern (DESIGN.md). A worker polls the queues its contracts name. */
export const TASK_QUEUES = {
  exports: 'exports',
  imports: 'imports',
  automation: 'automation',
  /** Documents rendered by Chromium or docx (invoice and quote pdfs, roadmaps): memory-heavy, kept apart. */
  documents: 'documents',
  /** Emails and SMS sent on a user's request (invoice emails, session-info invitations). */
  notifications: 'notifications',
  maintenance: 'maintenance',
} as const;
export type TaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/**
 * What a second submit of the same business key does:
 * - `return-existing`: the first job run is the answer, running or finished (a trigger execution
 *   or a schedule's fire never runs twice);
 * - `refuse`: a ConflictError `job_already_started` (the caller must not submit twice);
 * - `new-run`: every submit is its own run; the workflow id gets a unique suffix after the key.
 */
export type RerunPolicy = 'return-existing' | 'refuse' | 'new-run';

/** One kind of job: where it runs, what it is called, how its ids are made. */
export interface JobContract<P = Record<string, unknown>, K = string> {
  /** `job_runs.job_name`, the metric label and the log field `jobName` (e.g. `export.sync`). */
  jobName: string;
  /** One of TASK_QUEUES (tests use queues of their own). */
  taskQueue: string;
  /** The exported name of the workflow function in workflows/index.ts. */
  workflowType: string;
  /** `<capability>:<business key>`: the same key gives the same id, so duplicates collide. */
  workflowId: (key: K) => string;
  rerun: RerunPolicy;
  /**
   * `local`: the job's activities, its bookkeeping included, run as local activities in the worker
   * that runs its workflow task rather than as activity tasks through the server. For short,
   * frequent jobs whose every activity takes milliseconds (a trigger evaluation per domain event):
   * such a job then costs the server about what a workflow without activities costs. Not for long
   * or heavy work: a local activity keeps its workflow task open. The workflow proxies its own
   * activities with proxyLocalActivities. Changing an existing job to local takes a new workflow
   * type (runs in flight, and replays of their job runs, keep the old one): the order of commands
   * in its history changes.
   * `single-local`: as `local`, for a job whose body is one local activity; its bookkeeping runs
   * inside that activity (workers/job-context-interceptor.ts: start before the first attempt,
   * completion after a success), so the workflow is two activations (its start and the
   * activity's result) instead of four. Only a failure for good is recorded by the workflow.
   */
  activities?: 'local' | 'single-local';
  /** Phantom field: carries the payload type to startJob; never set. */
  readonly payloadType?: P;
}

/** Declares a job contract with its payload and key types checked at every start. */
export function defineJob<P, K = string>(contract: Omit<JobContract<P, K>, 'payloadType'>): JobContract<P, K> {
  return contract;
}

/**
 * Builds `<capability>:<part>:<part>`: parts are made safe for ids (no spaces or colons of their
 * own), so a key can never forge another capability's id.
 */
export function jobId(capability: string, ...parts: (string | number)[]): string {
  return [capability, ...parts.map((p) => String(p).replace(/[^\w.@-]/g, '_'))].join(':');
}

/** What a Temporal Schedule (or another workflow) asks for: a job by name, with its payload. */
export interface LaunchJobInput {
  jobName: string;
  payload: Record<string, unknown>;
  /** The business key; by default this fire's workflow id, unique per scheduled time. */
  key?: string;
}

/** Starts a job by its contract's name (activities/job-starters.ts): what a Temporal Schedule launches. */
export interface JobStarterActivities {
  startJobByName(input: {
    jobName: string;
    key: string;
    payload: Record<string, unknown>;
    requestId?: string;
  }): Promise<string>;
}

/** A job's bookkeeping in job_runs (activities/job-runs.ts), around its body. */
export interface JobRunActivities {
  startJobRun(input: { jobRunId: string }): Promise<void>;
  completeJobRun(input: { jobRunId: string; result: unknown }): Promise<void>;
  failJobRun(input: { jobRunId: string; error: string }): Promise<void>;
}
