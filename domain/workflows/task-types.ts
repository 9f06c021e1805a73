/** Kinds of task a session workflow runs. */
export const WORKFLOW_TASK_TYPES = ['AUTOMATIC_SMS', 'AUTOMATIC_EMAIL', 'SEND_SESSION_INFO_INVITE', 'MANUAL'] as const;
export type WorkflowTaskType = (typeof WORKFLOW_TASK_TYPES)[number];
