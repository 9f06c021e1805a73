import { type Sequelize } from 'sequelize-typescript';
import { type Client } from '@temporalio/client';
import { saveScheduledExport, type ScheduledExportProps } from '../../db/commands/create-scheduled-export';
import { deleteScheduledExport as deleteScheduledExportRow } from '../../db/commands/delete-scheduled-export';
import { discardScheduledExport } from '../../db/commands/discard-scheduled-export';
import { setScheduledExportActive } from '../../db/commands/set-scheduled-export-active';
import { setScheduledExportScheduleId } from '../../db/commands/set-scheduled-export-schedule-id';
import { findScheduledExport } from '../../db/queries/scheduled-exports';
import { type ScheduledExportRow } from '../../db/rows';
import { UnavailableError } from '../../domain/errors';
import { createExportSchedule, deleteExportSchedule, setExportSchedulePaused } from './export-schedules';

/*
 * A scheduled export is a row and a Temporal Schedule kept in step; this is the one place that
 * changes both (db/ never calls Temporal). Creation commits the row first and removes it again
 * if Temporal refuses the schedule; pause, resume and delete change Temporal first, so a failure
 * there (503) leaves the row as it was.
 */

/**
 * Saves a scheduled export and creates its Temporal Schedule. If Temporal cannot take the
 * schedule, the row is removed again and the caller gets a 503, so no export exists that would
 * never run.
 */
export async function createScheduledExport(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  props: ScheduledExportProps,
): Promise<ScheduledExportRow> {
  const { row, timeZone } = await saveScheduledExport(sequelize, ownerId, props);
  try {
    const scheduleId = await createExportSchedule(temporal, row, timeZone);
    return await setScheduledExportScheduleId(sequelize, row.id, scheduleId);
  } catch (err) {
    await discardScheduledExport(sequelize, row.id);
    throw new UnavailableError(`The schedule could not be created; nothing was saved (${(err as Error).message})`);
  }
}

/** Pauses (or resumes) one of the owner's scheduled exports: its schedule, then its row (404 when not the owner's). */
export async function setScheduledExportPaused(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  id: string,
  paused: boolean,
): Promise<ScheduledExportRow> {
  const row = await findScheduledExport(sequelize, ownerId, id);
  await setExportSchedulePaused(temporal, row.id, paused);
  return setScheduledExportActive(sequelize, ownerId, row.id, !paused);
}

/** Deletes one of the owner's scheduled exports: its schedule (one already gone is fine), then its row. */
export async function deleteScheduledExport(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  id: string,
): Promise<void> {
  const row = await findScheduledExport(sequelize, ownerId, id);
  await deleteExportSchedule(temporal, row.id);
  await deleteScheduledExportRow(sequelize, ownerId, row.id);
}
