import { type Sequelize } from 'sequelize-typescript';
import { ExportJob } from '../models/ExportJob';

/** Closes the export_jobs row of an export whose job could not be started. */
export async function failExportJob(_sequelize: Sequelize, id: string, error: string): Promise<void> {
  await ExportJob.update({ status: 'FAILED', error, finished_at: new Date() }, { where: { id } });
}
