import { type Sequelize } from 'sequelize-typescript';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's questionnaires with its fields. */
export async function deleteUserTemplate(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, UserSessionInfoTemplate, 'Session info template', id, ownerId);
}
