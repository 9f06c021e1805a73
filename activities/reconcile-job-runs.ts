import { type Client, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import { type Logger } from 'pino';
import { type JobRunEnd } from '../db/commands/job-run-store';
import {
  type ReconcileActivities,
  type ReconcileJobRunsInput,
  type ReconcileSummary,
} from '../workflows/maintenance/contract';

/** A RUNNING job run as the reconciler sees it. */
export interface StaleRun {
  id: string;
  jobName: string;
  workflowId: string;
  runId: string | null;
}

/** What Temporal says became of a run's workflow. */
export type Outcome = { status: 'RUNNING' } | JobRunEnd;

/** The database side of the reconciler: read stale rows, settle one (only if still RUNNING). */
export interface ReconcileStore {
  findStaleRunning(olderThan: Date, limit: number): Promise<StaleRun[]>;
  settle(id: string, outcome: JobRunEnd): Promise<boolean>;
}

export interface ReconcileDeps {
  temporal: Client;
  logger: Logger;
  /** job_runs through db/, built by the worker (workers/activities.ts); tests pass a fake. */
  store: ReconcileStore;
}

/** Asks Temporal what became of a run's workflow: never started, still running, or closed how. */
export async function workflowOutcome(temporal: Client, run: Pick<StaleRun, 'workflowId' | 'runId'>): Promise<Outcome> {
  const handle = temporal.workflow.getHandle(run.workflowId, run.runId ?? undefined);
  let status: string;
  try {
    status = (await handle.describe()).status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError)
      return {
        status: 'FAILED',
        error: 'The workflow never started (Temporal has no execution with this id); replay to run the job',
      };
    throw err;
  }
  if (status === 'RUNNING' || status === 'CONTINUED_AS_NEW') return { status: 'RUNNING' };
  if (status === 'COMPLETED') return { status: 'COMPLETED', result: await handle.result() };
  let reason = `The workflow ended as ${status} in Temporal without recording its outcome`;
  if (status === 'FAILED') {
    try {
      await handle.result();
    } catch (err) {
      if (err instanceof WorkflowFailedError && err.cause) reason = `${reason}: ${err.cause.message}`;
    }
  }
  return { status: 'FAILED', error: reason };
}

/**
 * The reconciler's activity: for each RUNNING row older than the grace period, asks Temporal
 * and settles the row. Idempotent: a settled row is no longer RUNNING, so a retry skips it.
 */
export function createReconcileActivities({ temporal, logger, store }: ReconcileDeps): ReconcileActivities {
  return {
    async reconcileJobRuns({ graceSeconds, batchSize }: ReconcileJobRunsInput): Promise<ReconcileSummary> {
      const stale = await store.findStaleRunning(new Date(Date.now() - graceSeconds * 1000), batchSize);
      const summary: ReconcileSummary = { checked: stale.length, completed: 0, failed: 0 };
      for (const run of stale) {
        const outcome = await workflowOutcome(temporal, run);
        if (outcome.status === 'RUNNING') continue;
        if (!(await store.settle(run.id, outcome))) continue;
        if (outcome.status === 'COMPLETED') summary.completed += 1;
        else {
          summary.failed += 1;
          logger.error(
            { jobId: run.workflowId, jobName: run.jobName, jobRunId: run.id, error: outcome.error, inDlq: true },
            'Job moved to the dead-letter queue by the reconciler',
          );
        }
      }
      if (summary.completed + summary.failed > 0) logger.warn({ ...summary }, 'Job runs reconciled with Temporal');
      return summary;
    },
  };
}

export type { ReconcileActivities } from '../workflows/maintenance/contract';
