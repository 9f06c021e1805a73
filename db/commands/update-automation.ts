import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { Automation } from '../models/Automation';
import { findOwnedAutomation } from '../queries/automations';
import { replaceTasks, type AutomationProps } from './replace-automation-tasks';

/** Changes the fields given; `tasks`, when given, replaces every task, in one transaction. */
export async function updateAutomation(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: AutomationProps,
): Promise<Automation> {
  return sequelize.transaction(async (transaction) => {
    const workflow = await Automation.findOne({ where: { id, owner_id: ownerId }, transaction, lock: true });
    if (!workflow) throw new NotFoundError('Workflow');
    if (props.name !== undefined) workflow.name = props.name;
    if (props.description !== undefined) workflow.description = props.description;
    workflow.changed('updated_at', true);
    await workflow.save({ transaction });
    if (props.tasks) await replaceTasks(workflow.id, ownerId, props.tasks, transaction);
    return findOwnedAutomation(sequelize, workflow.id, ownerId, transaction);
  });
}
