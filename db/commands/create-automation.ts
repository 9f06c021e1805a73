import { type Sequelize } from 'sequelize-typescript';
import { Automation } from '../models/Automation';
import { findOwnedAutomation } from '../queries/automations';
import { replaceTasks, type AutomationProps } from './replace-automation-tasks';

/** Creates an automation with its tasks and their actions in one transaction. */
export async function createAutomation(
  sequelize: Sequelize,
  ownerId: string,
  props: Required<Pick<AutomationProps, 'name'>> & AutomationProps,
): Promise<Automation> {
  return sequelize.transaction(async (transaction) => {
    const workflow = await Automation.create(
      { owner_id: ownerId, name: props.name, description: props.description ?? null, is_template: false },
      { transaction },
    );
    await replaceTasks(workflow.id, ownerId, props.tasks ?? [], transaction);
    return findOwnedAutomation(sequelize, workflow.id, ownerId, transaction);
  });
}
