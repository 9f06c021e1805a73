import { type Sequelize } from 'sequelize-typescript';
import { type Transaction } from 'sequelize';
import { type UserLocale } from '../../domain/accounts/users';
import {
  AUTOMATION_TASK_ACTION_FIELDS,
  AUTOMATION_TASK_FIELDS,
  pickFields,
} from '../../domain/automations/task-fields';
import { Automation } from '../models/Automation';
import { AutomationTask } from '../models/AutomationTask';
import { AutomationTaskAction } from '../models/AutomationTaskAction';
import { automationTemplateTexts } from '../seed/automation-templates';

/**
 * Gives a studio its own copy of each of the system automation templates named (by id), in its
 * language, with their tasks, timing and actions; a template the studio already copied
 * (`source_workflow_id`) is not copied again. Answers the studio's automation for each template id.
 * Three inserts whatever the number of templates, so registration stays one short transaction.
 */
export async function copySystemAutomations(
  _sequelize: Sequelize,
  ownerId: string,
  locale: UserLocale,
  templateIds: readonly string[],
  transaction: Transaction,
): Promise<Map<string, string>> {
  const copyOf = new Map<string, string>();
  if (templateIds.length === 0) return copyOf;
  const existing = await Automation.findAll({
    where: { owner_id: ownerId, source_workflow_id: [...new Set(templateIds)] },
    attributes: ['id', 'source_workflow_id'],
    order: [['created_at', 'ASC']],
    transaction,
  });
  for (const w of existing)
    if (w.source_workflow_id && !copyOf.has(w.source_workflow_id)) copyOf.set(w.source_workflow_id, w.id);
  const templates = await Automation.findAll({
    where: { id: templateIds.filter((id) => !copyOf.has(id)), owner_id: null, is_template: true },
    include: [{ model: AutomationTask, include: [AutomationTaskAction] }],
    transaction,
  });
  if (templates.length === 0) return copyOf;
  const texts = automationTemplateTexts(locale);
  const copies = await Automation.bulkCreate(
    templates.map((t) => {
      const text = t.business_key ? texts.get(t.business_key) : undefined;
      return {
        owner_id: ownerId,
        name: text?.name ?? t.name,
        description: text ? text.description : t.description,
        is_template: false,
        source_workflow_id: t.id,
      };
    }),
    { transaction, returning: true },
  );
  templates.forEach((t, i) => copyOf.set(t.id, copies[i].id));
  const sourceTasks = templates.flatMap((t, i) =>
    [...(t.tasks ?? [])].map((task) => ({
      task,
      automationId: copies[i].id,
      text: t.business_key && task.business_key ? texts.get(t.business_key)?.tasks.get(task.business_key) : undefined,
    })),
  );
  const tasks = await AutomationTask.bulkCreate(
    sourceTasks.map(({ task, automationId, text }) => ({
      ...pickFields(task, AUTOMATION_TASK_FIELDS),
      workflow_id: automationId,
      business_key: task.business_key,
      name: text?.name ?? task.name,
      description: text ? text.description : task.description,
      delay_days: task.delay_days,
      display_order: task.display_order,
    })),
    { transaction, returning: true },
  );
  const actions = sourceTasks.flatMap(({ task }, i) =>
    (task.actions ?? []).map((a) => ({
      workflow_task_id: tasks[i].id,
      ...pickFields(a, AUTOMATION_TASK_ACTION_FIELDS),
    })),
  );
  if (actions.length) await AutomationTaskAction.bulkCreate(actions, { transaction });
  return copyOf;
}
