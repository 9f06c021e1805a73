import { Context } from '@temporalio/activity';
import { type Logger } from 'pino';
import { type JobMetrics } from '../lib/metrics/job-metrics';
import { type JobRunEnd, type JobRunRecord, type JobRunStore } from '../db/commands/job-run-store';
import { type JobRunActivities } from '../workflows/job-run/contract';

export interface JobRunActivityDeps {
  logger: Logger;
  metrics?: JobMetrics;
  /** job_runs access: the real database's store (built by the worker) or a test's fake. */
  store: JobRunStore;
}

/**
 * Activities that keep job_runs true. All are idempotent: start only touches a RUNNING row, and
 * complete and fail only move a RUNNING row, so a retry after a crash changes nothing twice.
 */
export function createJobRunActivities({ logger, metrics, store }: JobRunActivityDeps): JobRunActivities {
  async function end(
    jobRunId: string,
    outcome: JobRunEnd,
  ): Promise<{ run: JobRunRecord; durationMs: number } | undefined> {
    const finishedAt = new Date();
    const run = await store.finish(jobRunId, outcome, finishedAt);
    if (!run) return undefined;
    const durationMs = finishedAt.getTime() - run.started_at.getTime();
    metrics?.recordEnd(run.job_name, outcome.status === 'COMPLETED' ? 'completed' : 'failed', durationMs / 1000);
    return { run, durationMs };
  }

  return {
    /**
     * Called by runJob before the job's body: records the Temporal run id and writes the one
     * 'Job started' line of the job. A row that has already ended is left alone and logs nothing.
     * The line can repeat only if the worker dies between writing it and reporting the activity done.
     */
    async startJobRun({ jobRunId }: { jobRunId: string }): Promise<void> {
      const info = Context.current().info;
      const run = await store.recordRunId(jobRunId, info.workflowExecution?.runId);
      if (!run) return;
      logger.info(
        {
          jobId: run.workflow_id,
          jobName: run.job_name,
          jobRunId,
          orgId: run.org_id,
          userId: run.user_id ?? undefined,
          entityId: run.entity_id ?? undefined,
          attempt: Math.max(run.attempt, info.attempt),
          timestamp: new Date().toISOString(),
        },
        'Job started',
      );
    },

    async completeJobRun({ jobRunId, result }: { jobRunId: string; result: unknown }): Promise<void> {
      const ended = await end(jobRunId, { status: 'COMPLETED', result: result ?? null });
      if (!ended) return;
      logger.info(
        {
          jobId: ended.run.workflow_id,
          jobName: ended.run.job_name,
          jobRunId,
          duration: ended.durationMs,
          result,
          timestamp: new Date().toISOString(),
        },
        'Job completed',
      );
    },

    async failJobRun({ jobRunId, error }: { jobRunId: string; error: string }): Promise<void> {
      const ended = await end(jobRunId, { status: 'FAILED', error });
      if (!ended) return;
      logger.error(
        {
          jobId: ended.run.workflow_id,
          jobName: ended.run.job_name,
          jobRunId,
          error,
          attempt: ended.run.attempt,
          willRetry: false,
          inDlq: true,
          timestamp: new Date().toISOString(),
          workflowRunId: Context.current().info.workflowExecution?.runId,
        },
        'Job moved to the dead-letter queue',
      );
    },
  };
}

export type { JobRunActivities } from '../workflows/job-run/contract';

/**
 * The bookkeeping activities' names: registered on every worker, and run by the job-context
 * interceptor without the 'Job failed' line (their failures are not the job's).
 */
export const JOB_RUN_BOOKKEEPING_ACTIVITIES = [
  'startJobRun',
  'completeJobRun',
  'failJobRun',
] as const satisfies readonly (keyof JobRunActivities)[];

// Fails to compile when an activity is added to the factory but not to the list above.
type Unlisted = Exclude<keyof JobRunActivities, (typeof JOB_RUN_BOOKKEEPING_ACTIVITIES)[number]>;
const _everyActivityListed: [Unlisted] extends [never] ? true : never = true;
void _everyActivityListed;
