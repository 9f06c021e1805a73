import { type Sequelize } from 'sequelize-typescript';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { ExportJob } from '../models/ExportJob';

/** The export_jobs row of a scheduled export's fire, created once per job run; answers its id. */
export async function openScheduledExportJob(
  _sequelize: Sequelize,
  jobRunId: string,
  props: { ownerId: string; entity: ExportEntity; format: ExportFormat; fields: string[]; scheduledExportId: string },
): Promise<string> {
  const [exportJob] = await ExportJob.findOrCreate({
    where: { job_run_id: jobRunId },
    defaults: {
      owner_id: props.ownerId,
      entity: props.entity,
      format: props.format,
      selected_fields: props.fields,
      status: 'RUNNING',
      scheduled_export_id: props.scheduledExportId,
      job_run_id: jobRunId,
    },
  });
  return exportJob.id;
}
