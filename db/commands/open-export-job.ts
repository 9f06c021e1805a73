import { type Sequelize } from 'sequelize-typescript';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { ExportJob } from '../models/ExportJob';

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
