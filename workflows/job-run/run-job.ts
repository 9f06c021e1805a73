import { ApplicationFailure, ContinueAsNew, log, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import { type JobInput, type JobRunActivities } from './contract';
import { failureMessage } from '../../domain/failure-message';

// Bookkeeping must outlast a database blip: retry for minutes, not a few seconds.
const bookkeepingOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 30 },
} as const;
const bookkeeping = proxyActivities<JobRunActivities>(bookkeepingOptions);
/** The same activities run locally, for jobs whose contract says `activities: 'local'`. */
const localBookkeeping = proxyLocalActivities<JobRunActivities>(bookkeepingOptions);

/**
 * Runs a job's body between its bookkeeping: marks the start in job_runs (the one 'Job started'
 * line), then records the end: COMPLETED with the result, or FAILED with in_dlq once the body's
 * activities have spent their Temporal retries. The workflow then fails too, so the Web UI shows
 * the same outcome. `mode` (workflows/job-run/local-activities.ts): the bookkeeping as activity
 * tasks, as local activities, or, for a body of one local activity (`single-local`), inside that
 * activity (workers/job-context-interceptor.ts), so only a failure is recorded from here: two
 * activations of the workflow fewer per job.
 */
export async function runJob<P, R>(
  input: JobInput<P>,
  body: (payload: P) => Promise<R>,
  options: { mode?: 'local' | 'single-local' | 'tasks' } = {},
): Promise<R> {
  const books = options.mode === 'local' || options.mode === 'single-local' ? localBookkeeping : bookkeeping;
  const inActivity = options.mode === 'single-local';
  if (!inActivity) await books.startJobRun({ jobRunId: input.jobRunId });
  let result: R;
  try {
    result = await body(input.payload);
  } catch (err) {
    // A long-lived job (an invoice's reminders) going on in a fresh run is not a failure: the
    // next run, with the same input and job_runs row, carries on and records the end.
    if (err instanceof ContinueAsNew) throw err;
    const message = failureMessage(err);
    log.error('Job failed for good; recorded in the dead-letter queue', { jobRunId: input.jobRunId, error: message });
    await books.failJobRun({ jobRunId: input.jobRunId, error: message });
    // The cause travels with it, so a caller waiting on the job can tell why (its failure type).
    throw ApplicationFailure.create({
      message,
      type: 'JobFailed',
      nonRetryable: true,
      cause: err instanceof Error ? err : undefined,
    });
  }
  if (!inActivity) await books.completeJobRun({ jobRunId: input.jobRunId, result: result ?? null });
  return result;
}
