import { type Sequelize } from 'sequelize-typescript';
import { ScheduledExport } from '../models/ScheduledExport';
import { findOwned } from '../queries/owned';
import { type ScheduledExportRow } from '../rows';
import { deleteOwned } from './delete-owned';

/** Marks one of the owner's scheduled exports active (resumed) or not (paused); its Temporal Schedule is the caller's. */
export async function setScheduledExportActive(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  active: boolean,
): Promise<ScheduledExportRow> {
  const row = await findOwned(sequelize, ScheduledExport, 'Scheduled export', id, ownerId);
  return row.update({ is_active: active });
}

/** Deletes one of the owner's scheduled exports; its Temporal Schedule is deleted first by the caller. */
export async function deleteScheduledExport(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, ScheduledExport, 'Scheduled export', id, ownerId);
}

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

/** Removes a scheduled export whose Temporal Schedule could not be created (the compensation of its creation). */
export async function discardScheduledExport(_sequelize: Sequelize, id: string): Promise<void> {
  await ScheduledExport.destroy({ where: { id } });
}
