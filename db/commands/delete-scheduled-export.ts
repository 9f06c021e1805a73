import { type Sequelize } from 'sequelize-typescript';
import { ScheduledExport } from '../models/ScheduledExport';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's scheduled exports; its Temporal Schedule is deleted first by the caller. */
export async function deleteScheduledExport(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, ScheduledExport, 'Scheduled export', id, ownerId);
}
