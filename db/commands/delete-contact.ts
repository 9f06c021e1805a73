import { type Sequelize } from 'sequelize-typescript';
import { Contact } from '../models/Contact';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's contacts. */
export async function deleteContact(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Contact, 'Contact', id, ownerId);
}
