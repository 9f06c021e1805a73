/** Value sets of job runs (spec: Job run); the dead-letter queue is FAILED with in_dlq. */
export const JOB_RUN_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];
