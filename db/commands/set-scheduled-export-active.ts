import { type Sequelize } from 'sequelize-typescript';
import { ScheduledExport } from '../models/ScheduledExport';
import { findOwned } from '../queries/owned';
import { type ScheduledExportRow } from '../rows';

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
