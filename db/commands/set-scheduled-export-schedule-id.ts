import { type Sequelize } from 'sequelize-typescript';
import { ScheduledExport } from '../models/ScheduledExport';
import { type ScheduledExportRow } from '../rows';

/** Writes the id of the Temporal Schedule a scheduled export runs on; answers the row as it now is. */
export async function setScheduledExportScheduleId(
  _sequelize: Sequelize,
  id: string,
  scheduleId: string,
): Promise<ScheduledExportRow> {
  const [, [row]] = await ScheduledExport.update(
    { temporal_schedule_id: scheduleId },
    { where: { id }, returning: true },
  );
  return row;
}
