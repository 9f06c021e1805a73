/** Kinds of task a session automation runs. */
export const AUTOMATION_TASK_TYPES = [
  'AUTOMATIC_SMS',
  'AUTOMATIC_EMAIL',
  'SEND_SESSION_INFO_INVITE',
  'MANUAL',
] as const;
export type AutomationTaskType = (typeof AUTOMATION_TASK_TYPES)[number];
