import { type Sequelize } from 'sequelize-typescript';
import { Session } from '../models/Session';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's sessions. */
export async function deleteSession(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Session, 'Session', id, ownerId);
}
