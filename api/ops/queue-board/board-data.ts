import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { countJobRunsByName, type JobNameCounts, listJobRuns } from '../../../db/queries/job-runs';
import { type JobRunStatus } from '../../../domain/jobs/job-run-status';
import { readTaskQueueStats, type TaskQueueStats } from '../../../lib/jobs/task-queue-stats';
import { presentJobRun } from '../../admin/jobs-presenter';

export interface RunFilter {
  jobName?: string;
  status?: JobRunStatus;
  inDlq?: boolean;
  from?: Date;
  to?: Date;
}

export interface BoardDeps {
  sequelize: Sequelize;
  temporal: Client;
  namespace: string;
  taskQueues: readonly string[];
  temporalUiUrl: string;
}

/** The Temporal Web UI page of a run's workflow. */
export function workflowLink(
  deps: Pick<BoardDeps, 'temporalUiUrl' | 'namespace'>,
  workflowId: string,
  runId: string | null,
): string {
  const base = `${deps.temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(deps.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
  return runId ? `${base}/${encodeURIComponent(runId)}/history` : base;
}

export async function readQueues(deps: BoardDeps): Promise<{ queues: TaskQueueStats[]; jobs: JobNameCounts[] }> {
  const [queues, jobs] = await Promise.all([
    readTaskQueueStats(deps.temporal, deps.namespace, deps.taskQueues),
    countJobRunsByName(deps.sequelize),
  ]);
  return { queues, jobs };
}

export async function readRuns(deps: BoardDeps, filter: RunFilter, limit = 50) {
  const { rows, count } = await listJobRuns(deps.sequelize, { ...filter, page: 1, limit });
  return {
    total: count,
    runs: rows.map((run) => ({ ...presentJobRun(run), temporalUrl: workflowLink(deps, run.workflow_id, run.run_id) })),
  };
}
