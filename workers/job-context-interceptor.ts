import { type Context } from '@temporalio/activity';
import { type ActivityExecuteInput, type ActivityInboundCallsInterceptor, type Next } from '@temporalio/worker';
import { type Logger } from 'pino';
import { JOB_RUN_BOOKKEEPING_ACTIVITIES } from '../activities/job-runs';
import { type JobRunStore, sequelizeJobRunStore } from '../activities/job-run-store';
import { withLogContext } from '../lib/log-context';

const BOOKKEEPING = new Set<string>(JOB_RUN_BOOKKEEPING_ACTIVITIES);

/**
 * Around every activity of a job: records Temporal's attempt number on the job run, puts the
 * correlation ids (jobRunId, workflowId, requestId) in the log context, and writes the
 * 'Job failed' line with willRetry as Temporal will decide it. 'Job started' is not written
 * here: it belongs to the job, not to each activity, so the startJobRun activity writes it once.
 */
export class JobContextInterceptor implements ActivityInboundCallsInterceptor {
  constructor(
    private readonly ctx: Context,
    private readonly logger: Logger,
    private readonly store: JobRunStore = sequelizeJobRunStore,
  ) {}

  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const info = this.ctx.info;
    const workflowId = info.workflowExecution?.workflowId;
    if (!workflowId) return next(input);

    const attempt = info.attempt;
    const run = await this.store.recordAttempt(workflowId, attempt);
    if (!run) return next(input);

    const context = {
      jobRunId: run.id,
      jobName: run.job_name,
      workflowId,
      runId: info.workflowExecution?.runId,
      activity: info.activityType,
      requestId: run.request_id ?? undefined,
    };
    return withLogContext(context, async () => {
      if (BOOKKEEPING.has(info.activityType)) return next(input);
      try {
        return await next(input);
      } catch (err) {
        const maximumAttempts = info.retryPolicy?.maximumAttempts ?? 0;
        // Temporal stops on a failure marked non-retryable, or whose type the retry policy lists.
        const failureType = (err as { type?: string }).type;
        const nonRetryable = (err as { nonRetryable?: boolean }).nonRetryable === true || (failureType !== undefined && (info.retryPolicy?.nonRetryableErrorTypes ?? []).includes(failureType));
        const willRetry = !nonRetryable && (maximumAttempts === 0 || attempt < maximumAttempts);
        this.logger.error(
          { jobId: workflowId, jobName: run.job_name, jobRunId: run.id, error: (err as Error).message, stack: (err as Error).stack, attempt, willRetry, timestamp: new Date().toISOString() },
          'Job failed',
        );
        throw err;
      }
    });
  }
}
