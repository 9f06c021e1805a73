import { type Sequelize } from 'sequelize-typescript';
import { Workflow } from '../models/Workflow';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's workflows with its tasks and triggers (the database cascades). */
export async function deleteWorkflow(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Workflow, 'Workflow', id, ownerId);
}
