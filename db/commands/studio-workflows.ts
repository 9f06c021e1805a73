import { Op, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type WorkflowTaskType } from '../../domain/workflows/task-types';
import { delayDaysOf, scheduleFromInput, type TaskTiming } from '../../domain/workflows/task-timing';
import { EmailTemplate } from '../models/EmailTemplate';
import { SessionWorkflowTaskRun } from '../models/SessionWorkflowTaskRun';
import { EntityWorkflowTaskRun } from '../models/EntityWorkflowTaskRun';
import { SmsTemplate } from '../models/SmsTemplate';
import { Workflow } from '../models/Workflow';
import { WorkflowTask } from '../models/WorkflowTask';
import { WorkflowTaskAction } from '../models/WorkflowTaskAction';
import { findOwnedWorkflow } from '../queries/studio-workflows';
import { deleteOwned } from './delete-owned';

export interface TaskProps {
  id?: string;
  name: string;
  description?: string | null;
  action?: string | null;
  task_type: WorkflowTaskType;
  sms_template_id?: string | null;
  email_template_id?: string | null;
  timing?: TaskTiming;
  offset_minutes?: number;
  delay_days?: number;
  display_order?: number;
  actions: { action_type: WorkflowTaskType; config: Record<string, unknown>; display_order: number }[];
}

export interface WorkflowProps {
  name?: string;
  description?: string | null;
  tasks?: TaskProps[];
}

const withTasks = { include: [{ model: WorkflowTask, include: [WorkflowTaskAction] }] };

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
async function replaceTasks(
  workflowId: string,
  ownerId: string,
  tasks: TaskProps[],
  transaction: Transaction,
): Promise<void> {
  await assertTemplatesUsable(ownerId, tasks, transaction);
  const existing = await WorkflowTask.findAll({ where: { workflow_id: workflowId }, transaction });
  const existingIds = new Set(existing.map((t) => t.id));
  const unknown = tasks.filter((t) => t.id && !existingIds.has(t.id));
  if (unknown.length) throw new NotFoundError('Workflow task');
  const kept = new Set(tasks.map((t) => t.id).filter(Boolean));
  const removed = existing.filter((t) => !kept.has(t.id)).map((t) => t.id);
  if (removed.length) {
    // Runs for contacts, quotes and invoices are history too (issue 21 §3).
    const ran =
      (await SessionWorkflowTaskRun.count({ where: { workflow_task_id: removed }, transaction })) +
      (await EntityWorkflowTaskRun.count({ where: { workflow_task_id: removed }, transaction }));
    if (ran > 0)
      throw new ConflictError(
        'workflow_task_in_use',
        'A task that sessions, contacts, quotes or invoices already ran cannot be removed (its history would be lost); keep it in the list, by its id',
      );
    await WorkflowTask.destroy({ where: { id: removed }, transaction });
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
      workflow_id: workflowId,
    };
    let taskId = id;
    if (id) await WorkflowTask.update(values, { where: { id, workflow_id: workflowId }, transaction });
    else taskId = (await WorkflowTask.create(values, { transaction })).id;
    await WorkflowTaskAction.destroy({ where: { workflow_task_id: taskId }, transaction });
    if (actions.length)
      await WorkflowTaskAction.bulkCreate(
        actions.map((a) => ({ ...a, workflow_task_id: taskId })),
        { transaction },
      );
  }
}

/** Creates a workflow with its tasks and their actions in one transaction. */
export async function createWorkflow(
  sequelize: Sequelize,
  ownerId: string,
  props: Required<Pick<WorkflowProps, 'name'>> & WorkflowProps,
): Promise<Workflow> {
  return sequelize.transaction(async (transaction) => {
    const workflow = await Workflow.create(
      { owner_id: ownerId, name: props.name, description: props.description ?? null, is_template: false },
      { transaction },
    );
    await replaceTasks(workflow.id, ownerId, props.tasks ?? [], transaction);
    return findOwnedWorkflow(sequelize, workflow.id, ownerId, transaction);
  });
}

/** Changes the fields given; `tasks`, when given, replaces every task, in one transaction. */
export async function updateWorkflow(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: WorkflowProps,
): Promise<Workflow> {
  return sequelize.transaction(async (transaction) => {
    const workflow = await Workflow.findOne({ where: { id, owner_id: ownerId }, transaction, lock: true });
    if (!workflow) throw new NotFoundError('Workflow');
    if (props.name !== undefined) workflow.name = props.name;
    if (props.description !== undefined) workflow.description = props.description;
    workflow.changed('updated_at', true);
    await workflow.save({ transaction });
    if (props.tasks) await replaceTasks(workflow.id, ownerId, props.tasks, transaction);
    return findOwnedWorkflow(sequelize, workflow.id, ownerId, transaction);
  });
}

/**
 * Copies a workflow template (a system one, or one of the owner's workflows) into a new workflow
 * of the owner, with its tasks, their timing and their actions: the seeded studio workflows become
 * the studio's own, to apply with triggers and to adapt.
 */
export async function copyWorkflow(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  name?: string,
): Promise<Workflow> {
  const template = await Workflow.findOne({
    where: { id: templateId, [Op.or]: [{ owner_id: ownerId }, { owner_id: null, is_template: true }] },
    ...withTasks,
  });
  if (!template) throw new NotFoundError('Workflow template');
  const tasks: TaskProps[] = [...(template.tasks ?? [])]
    .sort((a, b) => a.display_order - b.display_order)
    .map((t) => ({
      name: t.name,
      description: t.description,
      action: t.action,
      task_type: t.task_type,
      sms_template_id: t.sms_template_id,
      email_template_id: t.email_template_id,
      timing: t.timing,
      offset_minutes: t.offset_minutes,
      actions: [...(t.actions ?? [])]
        .sort((a, b) => a.display_order - b.display_order)
        .map((a) => ({ action_type: a.action_type, config: a.config, display_order: a.display_order })),
    }));
  return sequelize.transaction(async (transaction) => {
    const workflow = await Workflow.create(
      {
        owner_id: ownerId,
        name: name ?? template.name,
        description: template.description,
        is_template: false,
        source_workflow_id: template.id,
      },
      { transaction },
    );
    await replaceTasks(workflow.id, ownerId, tasks, transaction);
    return findOwnedWorkflow(sequelize, workflow.id, ownerId, transaction);
  });
}

/** Deletes one of the owner's workflows with its tasks and triggers (the database cascades). */
export async function deleteWorkflow(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Workflow, 'Workflow', id, ownerId);
}
