import { type Context } from '@temporalio/activity';
import { type ActivityExecuteInput, type ActivityInboundCallsInterceptor, type Next } from '@temporalio/worker';
import { LRUCache } from 'lru-cache';
import { type Logger } from 'pino';
import { JOB_RUN_BOOKKEEPING_ACTIVITIES, type JobRunActivities } from '../activities/job-runs';
import { type JobRunRecord, type JobRunStore } from '../db/commands/job-run-store';
import { asPlatform, asStudio } from '../db/studio-context';
import { withLogContext } from '../lib/log-context';
import { SINGLE_LOCAL_JOB_WORKFLOWS } from '../workflows/contracts';

const BOOKKEEPING = new Set<string>(JOB_RUN_BOOKKEEPING_ACTIVITIES);

/** What the interceptor reads of a job run: fields that never change, and the attempt recorded. */
type KnownRun = Pick<JobRunRecord, 'id' | 'job_name' | 'request_id' | 'attempt' | 'org_id'>;

/**
 * The job runs a worker's activities met lately, by workflow id (one per Worker, shared by its
 * interceptors). A run's attempt only ever rises, so an activity whose attempt is not above the
 * one already recorded has nothing to write: a job's later activities (its body after
 * startJobRun, then completeJobRun) skip that round trip to the database. Another process, or
 * a run pushed out of the cache, simply writes as before.
 */
export class RecentJobRuns {
  private readonly runs = new LRUCache<string, KnownRun>({ max: 2_000 });

  /** The run, when its recorded attempt is at least `attempt`. */
  covering(workflowId: string, attempt: number): KnownRun | undefined {
    const run = this.runs.get(workflowId);
    return run && run.attempt >= attempt ? run : undefined;
  }

  remember(workflowId: string, run: JobRunRecord): void {
    this.runs.set(workflowId, {
      id: run.id,
      job_name: run.job_name,
      request_id: run.request_id,
      attempt: run.attempt,
      org_id: run.org_id,
    });
  }
}

/** The bookkeeping a job of one local activity (`activities: 'single-local'`) keeps inside it. */
export type InActivityBookkeeping = Pick<JobRunActivities, 'startJobRun' | 'completeJobRun'>;

/**
 * Around every activity of a job: records Temporal's attempt number on the job run, puts the
 * correlation ids (jobRunId, workflowId, requestId) in the log context, and writes the
 * 'Job failed' line with willRetry as Temporal will decide it. 'Job started' is not written
 * here: it belongs to the job, not to each activity, so the startJobRun activity writes it once.
 * The exception is a job whose contract says `single-local` (its body one local activity): its
 * workflow schedules no bookkeeping activity, so `books` (the worker's own startJobRun and
 * completeJobRun) run here, before the first attempt and after a success, in that activity.
 */
export class JobContextInterceptor implements ActivityInboundCallsInterceptor {
  constructor(
    private readonly ctx: Context,
    private readonly logger: Logger,
    private readonly store: JobRunStore,
    private readonly recent?: RecentJobRuns,
    private readonly books?: InActivityBookkeeping,
  ) {}

  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const info = this.ctx.info;
    const workflowId = info.workflowExecution?.workflowId;
    if (!workflowId) return next(input);

    const attempt = info.attempt;
    let run: KnownRun | undefined = this.recent?.covering(workflowId, attempt);
    if (!run) {
      const recorded = await this.store.recordAttempt(workflowId, attempt);
      if (!recorded) return next(input);
      this.recent?.remember(workflowId, recorded);
      run = recorded;
    }

    const context = {
      jobRunId: run.id,
      jobName: run.job_name,
      workflowId,
      runId: info.workflowExecution?.runId,
      activity: info.activityType,
      requestId: run.request_id ?? undefined,
    };
    const books = info.isLocal && SINGLE_LOCAL_JOB_WORKFLOWS.has(info.workflowType ?? '') ? this.books : undefined;
    // The activity acts for the organisation of the job's input (the job run's org_id), in the
    // database too; a job of no studio (schedules, the relay, cleanup) is the platform's.
    const orgId = run.org_id;
    const asJobsStudio = <T>(fn: () => T): T => (orgId ? asStudio(orgId, fn) : asPlatform(fn));
    return asJobsStudio(() =>
      withLogContext(context, async () => {
        if (BOOKKEEPING.has(info.activityType)) return next(input);
        try {
          if (!books) return await next(input);
          // The job's 'Job started' once, on its first attempt (a retry is the same job going on).
          if (attempt === 1) await books.startJobRun({ jobRunId: run.id });
          const result: unknown = await next(input);
          await books.completeJobRun({ jobRunId: run.id, result: result ?? null });
          return result;
        } catch (err) {
          const maximumAttempts = info.retryPolicy?.maximumAttempts ?? 0;
          // Temporal stops on a failure marked non-retryable, or whose type the retry policy lists.
          const failureType = (err as { type?: string }).type;
          const nonRetryable =
            (err as { nonRetryable?: boolean }).nonRetryable === true ||
            (failureType !== undefined && (info.retryPolicy?.nonRetryableErrorTypes ?? []).includes(failureType));
          const willRetry = !nonRetryable && (maximumAttempts === 0 || attempt < maximumAttempts);
          this.logger.error(
            {
              jobId: workflowId,
              jobName: run.job_name,
              jobRunId: run.id,
              error: (err as Error).message,
              stack: (err as Error).stack,
              attempt,
              willRetry,
              timestamp: new Date().toISOString(),
            },
            'Job failed',
          );
          throw err;
        }
      }),
    );
  }
}
