import { z } from 'zod';
import { AUTOMATION_TASK_TYPES } from '../../domain/automations/task-types';
import { ASSIGNMENT_ROLES } from '../../domain/teams/assignments';
import { MAX_OFFSET_MINUTES, TASK_TIMINGS } from '../../domain/automations/task-timing';
import { optionalText } from '../http/common-schemas';

const TaskAction = z.object({
  action_type: z.enum(AUTOMATION_TASK_TYPES),
  config: z
    .record(z.string(), z.unknown())
    .refine((c) => JSON.stringify(c).length <= 10_000, 'config must be at most 10 000 characters of JSON')
    .default({}),
  display_order: z.number().int().min(0).max(10_000).default(0),
});

const Task = z.object({
  /** An existing task of this automation, kept (with its run history) and updated; none: a new task. */
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(255),
  description: optionalText(5_000),
  /** Free text of what to do (MANUAL tasks), or an SMS text fallback. */
  action: optionalText(5_000),
  task_type: z.enum(AUTOMATION_TASK_TYPES),
  sms_template_id: z.uuid().nullable().optional(),
  email_template_id: z.uuid().nullable().optional(),
  /**
   * Whom a session's SMS or email goes to: none, the client; a role on the session (lead,
   * second_shooter, assistant), the members assigned in it ("email the second shooter the call sheet").
   */
  assignment_role: z.enum(ASSIGNMENT_ROLES).nullable().optional(),
  /**
   * When the task runs: IMMEDIATE, or `offset_minutes` AFTER_APPLIED (after the automation is applied
   * to the session), BEFORE_SESSION_START or AFTER_SESSION_START. Without `timing`, `delay_days`
   * (days after the automation is applied; 0: at once) is read as before.
   */
  timing: z.enum(TASK_TIMINGS).optional(),
  offset_minutes: z.number().int().min(0).max(MAX_OFFSET_MINUTES).optional(),
  delay_days: z.number().int().min(0).max(3_650).optional(),
  display_order: z.number().int().min(0).max(10_000).optional(),
  actions: z.array(TaskAction).max(10).default([]),
});
export type TaskInput = z.infer<typeof Task>;

export const CreateAutomationBody = z.object({
  name: z.string().trim().min(1).max(255),
  description: optionalText(5_000),
  tasks: z.array(Task).max(100).default([]),
});
export type CreateAutomationBody = z.infer<typeof CreateAutomationBody>;

/** Fields given are changed; `tasks`, when given, is the new list: tasks named by id are kept and updated, others created, the missing ones deleted. */
export const UpdateAutomationBody = CreateAutomationBody.partial();
export type UpdateAutomationBody = z.infer<typeof UpdateAutomationBody>;

/** A copy of a system automation template (or of one of the studio's own automations) to adapt. */
export const CopyAutomationBody = z.object({
  template_id: z.uuid(),
  name: z.string().trim().min(1).max(255).optional(),
});
