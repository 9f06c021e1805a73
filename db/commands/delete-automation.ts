import { type Sequelize } from 'sequelize-typescript';
import { Automation } from '../models/Automation';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's automations with its tasks and triggers (the database cascades). */
export async function deleteAutomation(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Automation, 'Workflow', id, ownerId);
}
