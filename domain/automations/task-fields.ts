/**
 * The fields of an automation task that say what it does and when: what the api shows of a task
 * (after its id, before its ordering and actions) and what a copy of an automation carries over
 * (api/automations/presenter.ts, db/commands/copy-automation.ts, copy-system-automations.ts).
 * A new task column that belongs to both goes here, once.
 */
export const AUTOMATION_TASK_FIELDS = [
  'name',
  'description',
  'action',
  'task_type',
  'sms_template_id',
  'email_template_id',
  'assignment_role',
  'timing',
  'offset_minutes',
] as const;

/** The fields of a task's action, the same for the api and for a copy (after its id in the api). */
export const AUTOMATION_TASK_ACTION_FIELDS = ['action_type', 'config', 'display_order'] as const;

/** `row`'s values of `fields`, in the order of `fields`. */
export function pickFields<T, K extends keyof T>(row: T, fields: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const field of fields) picked[field] = row[field];
  return picked;
}
