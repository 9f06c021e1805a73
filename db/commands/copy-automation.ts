import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import {
  AUTOMATION_TASK_ACTION_FIELDS,
  AUTOMATION_TASK_FIELDS,
  pickFields,
} from '../../domain/automations/task-fields';
import { NotFoundError } from '../../domain/errors';
import { Automation } from '../models/Automation';
import { AutomationTask } from '../models/AutomationTask';
import { AutomationTaskAction } from '../models/AutomationTaskAction';
import { findOwnedAutomation } from '../queries/automations';
import { replaceTasks, type TaskProps } from './replace-automation-tasks';

const withTasks = { include: [{ model: AutomationTask, include: [AutomationTaskAction] }] };

/**
 * Copies an automation template (a system one, or one of the owner's automations) into a new automation
 * of the owner, with its tasks, their timing and their actions: the seeded studio automations become
 * the studio's own, to apply with triggers and to adapt.
 */
export async function copyAutomation(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  name?: string,
): Promise<Automation> {
  const template = await Automation.findOne({
    where: { id: templateId, [Op.or]: [{ owner_id: ownerId }, { owner_id: null, is_template: true }] },
    ...withTasks,
  });
  if (!template) throw new NotFoundError('Workflow template');
  const tasks: TaskProps[] = [...(template.tasks ?? [])]
    .sort((a, b) => a.display_order - b.display_order)
    .map((t) => ({
      ...pickFields(t, AUTOMATION_TASK_FIELDS),
      actions: [...(t.actions ?? [])]
        .sort((a, b) => a.display_order - b.display_order)
        .map((a) => pickFields(a, AUTOMATION_TASK_ACTION_FIELDS)),
    }));
  return sequelize.transaction(async (transaction) => {
    const workflow = await Automation.create(
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
    return findOwnedAutomation(sequelize, workflow.id, ownerId, transaction);
  });
}
