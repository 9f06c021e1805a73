/** Value sets of session automation task runs and trigger executions. */
export const TASK_RUN_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'SKIPPED'] as const;
export type TaskRunStatus = (typeof TASK_RUN_STATUSES)[number];

export const TRIGGER_EXECUTION_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED', 'SKIPPED'] as const;
export type TriggerExecutionStatus = (typeof TRIGGER_EXECUTION_STATUSES)[number];
