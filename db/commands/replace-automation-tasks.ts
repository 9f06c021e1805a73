import { Op, type Transaction } from 'sequelize';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type AutomationTaskType } from '../../domain/automations/task-types';
import { type AssignmentRole } from '../../domain/teams/assignments';
import { delayDaysOf, scheduleFromInput, type TaskTiming } from '../../domain/automations/task-timing';
import { EmailTemplate } from '../models/EmailTemplate';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';
import { EntityAutomationTaskRun } from '../models/EntityAutomationTaskRun';
import { SmsTemplate } from '../models/SmsTemplate';
import { AutomationTask } from '../models/AutomationTask';
import { AutomationTaskAction } from '../models/AutomationTaskAction';

export interface TaskProps {
  id?: string;
  name: string;
  description?: string | null;
  action?: string | null;
  task_type: AutomationTaskType;
  sms_template_id?: string | null;
  email_template_id?: string | null;
  assignment_role?: AssignmentRole | null;
  timing?: TaskTiming;
  offset_minutes?: number;
  delay_days?: number;
  display_order?: number;
  actions: { action_type: AutomationTaskType; config: Record<string, unknown>; display_order: number }[];
}

export interface AutomationProps {
  name?: string;
  description?: string | null;
  tasks?: TaskProps[];
}

/** Templates named by tasks must be the owner's or the system's: someone else's is not found. */
async function assertTemplatesUsable(ownerId: string, tasks: TaskProps[], transaction: Transaction): Promise<void> {
  const usable = { [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] };
  for (const [model, key, label] of [
    [SmsTemplate, 'sms_template_id', 'SMS template'],
    [EmailTemplate, 'email_template_id', 'Email template'],
  ] as const) {
    const ids = [...new Set(tasks.map((t) => t[key]).filter((id): id is string => Boolean(id)))];
    if (!ids.length) continue;
    const found = await (model as typeof SmsTemplate).count({ where: { id: ids, ...usable }, transaction });
    if (found !== ids.length) throw new NotFoundError(label);
  }
}

/**
 * Makes the workflow's tasks the given list: tasks named by id are updated in place (their run
 * history stays), the others are created, and tasks left out are deleted, unless a session
 * (or a contact, quote or invoice) already ran them: deleting those would erase that history (409).
 */
export async function replaceTasks(
  automationId: string,
  ownerId: string,
  tasks: TaskProps[],
  transaction: Transaction,
): Promise<void> {
  await assertTemplatesUsable(ownerId, tasks, transaction);
  const existing = await AutomationTask.findAll({ where: { workflow_id: automationId }, transaction });
  const existingIds = new Set(existing.map((t) => t.id));
  const unknown = tasks.filter((t) => t.id && !existingIds.has(t.id));
  if (unknown.length) throw new NotFoundError('Workflow task');
  const kept = new Set(tasks.map((t) => t.id).filter(Boolean));
  const removed = existing.filter((t) => !kept.has(t.id)).map((t) => t.id);
  if (removed.length) {
    // Runs for contacts, quotes and invoices are history too (issue 21 §3).
    const ran =
      (await SessionAutomationTaskRun.count({ where: { workflow_task_id: removed }, transaction })) +
      (await EntityAutomationTaskRun.count({ where: { workflow_task_id: removed }, transaction }));
    if (ran > 0)
      throw new ConflictError(
        'workflow_task_in_use',
        'A task that sessions, contacts, quotes or invoices already ran cannot be removed (its history would be lost); keep it in the list, by its id',
      );
    await AutomationTask.destroy({ where: { id: removed }, transaction });
  }
  for (const [index, task] of tasks.entries()) {
    const { actions, id, timing: _timing, offset_minutes: _offset, delay_days: _days, ...fields } = task;
    const schedule = scheduleFromInput(task);
    const values = {
      ...fields,
      timing: schedule.timing,
      offset_minutes: schedule.offsetMinutes,
      delay_days: delayDaysOf(schedule),
      display_order: task.display_order ?? index,
      workflow_id: automationId,
    };
    let taskId = id;
    if (id) await AutomationTask.update(values, { where: { id, workflow_id: automationId }, transaction });
    else taskId = (await AutomationTask.create(values, { transaction })).id;
    await AutomationTaskAction.destroy({ where: { workflow_task_id: taskId }, transaction });
    if (actions.length)
      await AutomationTaskAction.bulkCreate(
        actions.map((a) => ({ ...a, workflow_task_id: taskId })),
        { transaction },
      );
  }
}
