import { type Sequelize } from 'sequelize-typescript';
import { ExportJob } from '../models/ExportJob';

/** Links the export_jobs row to the job run that renders it. */
export async function linkExportJob(_sequelize: Sequelize, id: string, jobRunId: string): Promise<void> {
  await ExportJob.update({ job_run_id: jobRunId }, { where: { id } });
}
