import { type Sequelize } from 'sequelize-typescript';
import { findTrigger } from '../queries/workflow-triggers';

/** Deletes a trigger of the owner's workflow and its execution history. */
export async function deleteTrigger(
  sequelize: Sequelize,
  ownerId: string,
  automationId: string,
  id: string,
): Promise<void> {
  await (await findTrigger(sequelize, ownerId, automationId, id)).destroy();
}
