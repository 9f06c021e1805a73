import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { ExportJob } from '../models/ExportJob';

/**
 * The export_jobs row of an asynchronous export, written RUNNING before its job starts, so the
 * job can close it whenever it ends. Answers the row id.
 */
export async function openExportJob(ownerId: string, props: { entity: ExportEntity; format: ExportFormat; fields: string[] }): Promise<string> {
  const row = await ExportJob.create({ owner_id: ownerId, entity: props.entity, format: props.format, selected_fields: props.fields, status: 'RUNNING' });
  return row.id;
}

/** Links the export_jobs row to the job run that renders it. */
export async function linkExportJob(id: string, jobRunId: string): Promise<void> {
  await ExportJob.update({ job_run_id: jobRunId }, { where: { id } });
}

/** Closes the export_jobs row of an export whose job could not be started. */
export async function failExportJob(id: string, error: string): Promise<void> {
  await ExportJob.update({ status: 'FAILED', error, finished_at: new Date() }, { where: { id } });
}
