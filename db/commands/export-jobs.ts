import { type Sequelize } from 'sequelize-typescript';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { Op } from 'sequelize';
import { ExportJob } from '../models/ExportJob';
import { ScheduledExport } from '../models/ScheduledExport';

/**
 * The export_jobs row of an asynchronous export, written RUNNING before its job starts, so the
 * job can close it whenever it ends. Answers the row id.
 */
export async function openExportJob(
  _sequelize: Sequelize,
  ownerId: string,
  props: { entity: ExportEntity; format: ExportFormat; fields: string[] },
): Promise<string> {
  const row = await ExportJob.create({
    owner_id: ownerId,
    entity: props.entity,
    format: props.format,
    selected_fields: props.fields,
    status: 'RUNNING',
  });
  return row.id;
}

/** Links the export_jobs row to the job run that renders it. */
export async function linkExportJob(_sequelize: Sequelize, id: string, jobRunId: string): Promise<void> {
  await ExportJob.update({ job_run_id: jobRunId }, { where: { id } });
}

/** Closes the export_jobs row of an export whose job could not be started. */
export async function failExportJob(_sequelize: Sequelize, id: string, error: string): Promise<void> {
  await ExportJob.update({ status: 'FAILED', error, finished_at: new Date() }, { where: { id } });
}

/** How an export's job run ended, for its export_jobs row. */
export type ExportJobOutcome = { fileObjectId: string; rowCount: number } | { error: string };

/**
 * Closes an export_jobs row with its job run's outcome, once per job run: a row already final for
 * that run is left alone (answers false). A replay is another job run: its outcome replaces the
 * failed run's.
 */
export async function closeExportJob(
  _sequelize: Sequelize,
  id: string,
  jobRunId: string,
  outcome: ExportJobOutcome,
): Promise<boolean> {
  const [changed] = await ExportJob.update(
    'fileObjectId' in outcome
      ? {
          status: 'COMPLETED',
          file_object_id: outcome.fileObjectId,
          row_count: outcome.rowCount,
          error: null,
          finished_at: new Date(),
          job_run_id: jobRunId,
        }
      : { status: 'FAILED', error: outcome.error, finished_at: new Date(), job_run_id: jobRunId },
    {
      where: {
        id,
        [Op.or]: [
          { status: { [Op.in]: ['PENDING', 'RUNNING'] } },
          { job_run_id: { [Op.or]: [{ [Op.ne]: jobRunId }, { [Op.is]: null }] } },
        ],
      },
    },
  );
  return changed > 0;
}

/** Notes that a scheduled export ran now. */
export async function markScheduledExportRun(_sequelize: Sequelize, id: string): Promise<void> {
  await ScheduledExport.update({ last_run_at: new Date() }, { where: { id } });
}

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
