/** What the spec asks a task run to remember (SMS tasks), plus anything else the runner adds. */
export interface TaskRunMetadata {
  provider?: string;
  sms_template_id?: string | null;
  message_source?: string;
  recipient_phone?: string;
  workflow_id?: string;
  workflow_task_id?: string;
  session_id?: string;
  [key: string]: unknown;
}
