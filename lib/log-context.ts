import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Correlation ids of the work in progress: the request id of an API request, and the job run,
 * workflow and activity of a job. The pino root reads it on every line, so ids reach every log
 * line of a request or an activity without threading a logger through each call.
 */
export interface LogContext {
  requestId?: string;
  jobRunId?: string;
  jobName?: string;
  workflowId?: string;
  runId?: string;
  activity?: string;
  userId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `context` added to the current one. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, fn);
}

/** Adds fields to the current context in place (for ids learnt mid-request, such as the user). */
export function addToLogContext(context: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, context);
}

export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}

/**
 * The person acting in this request (the auth guard adds them), for the audit log's `actor_id`
 * (issue 44 §1: the audit log names the acting member, not only the studio); undefined in a job,
 * a webhook or the client's portal.
 */
export function actingPerson(): string | undefined {
  return storage.getStore()?.userId;
}
