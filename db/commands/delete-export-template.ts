import { type Sequelize } from 'sequelize-typescript';
import { ExportTemplate } from '../models/ExportTemplate';
import { deleteOwned } from './delete-owned';

/** Deletes one of the owner's export templates. */
export async function deleteExportTemplate(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, ExportTemplate, 'Export template', id, ownerId);
}
