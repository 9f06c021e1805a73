/**
 * What every job workflow receives: its job_runs row id, the request that started it, and its
 * payload (the same payload a replay starts again with). Shared by starters and workers.
 */
export interface JobInput<P = Record<string, unknown>> {
  jobRunId: string;
  requestId?: string;
  payload: P;
}

/** Task queues, one per concern (DESIGN.md). */
export const TASK_QUEUES = {
  exports: 'exports',
  imports: 'imports',
  automation: 'automation',
  maintenance: 'maintenance',
} as const;
export type TaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/** Activities that keep job_runs true; registered on every worker. */
export const JOB_RUN_BOOKKEEPING_ACTIVITIES = ['completeJobRun', 'failJobRun'] as const;
