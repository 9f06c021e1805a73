import { Context } from '@temporalio/activity';
import { type Logger } from 'pino';
import { Op } from 'sequelize';
import { JobRun } from '../db/models/JobRun';
import { type JobMetrics } from '../workers/job-metrics';

export interface JobRunActivityDeps {
  logger: Logger;
  metrics?: JobMetrics;
}

/**
 * Activities that keep job_runs true. Both are idempotent: they only move a RUNNING row, so a
 * retry after a crash changes nothing twice.
 */
export function createJobRunActivities({ logger, metrics }: JobRunActivityDeps) {
  async function finish(jobRunId: string, changes: Partial<JobRun>) {
    const [count, rows] = await JobRun.update(
      { ...changes, finished_at: new Date() },
      { where: { id: jobRunId, status: { [Op.eq]: 'RUNNING' } }, returning: true },
    );
    return count > 0 ? rows[0] : undefined;
  }

  return {
    async completeJobRun({ jobRunId, result }: { jobRunId: string; result: unknown }): Promise<void> {
      const run = await finish(jobRunId, { status: 'COMPLETED', result: result ?? null, error: null });
      if (!run) return;
      const duration = run.finished_at!.getTime() - run.started_at.getTime();
      metrics?.recordEnd(run.job_name, 'completed', duration / 1000);
      logger.info({ jobId: run.workflow_id, jobName: run.job_name, jobRunId, duration, result, timestamp: new Date().toISOString() }, 'Job completed');
    },

    async failJobRun({ jobRunId, error }: { jobRunId: string; error: string }): Promise<void> {
      const run = await finish(jobRunId, { status: 'FAILED', in_dlq: true, error: error.slice(0, 10_000) });
      if (!run) return;
      metrics?.recordEnd(run.job_name, 'failed', (run.finished_at!.getTime() - run.started_at.getTime()) / 1000);
      logger.error(
        { jobId: run.workflow_id, jobName: run.job_name, jobRunId, error, attempt: run.attempt, willRetry: false, inDlq: true, timestamp: new Date().toISOString(), workflowRunId: Context.current().info.workflowExecution?.runId },
        'Job moved to the dead-letter queue',
      );
    },
  };
}

export type JobRunActivities = ReturnType<typeof createJobRunActivities>;
