import { type Sequelize } from 'sequelize-typescript';
import { ScheduledExport } from '../models/ScheduledExport';

/** Notes that a scheduled export ran now. */
export async function markScheduledExportRun(_sequelize: Sequelize, id: string): Promise<void> {
  await ScheduledExport.update({ last_run_at: new Date() }, { where: { id } });
}
