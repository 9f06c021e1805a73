import { type Client, type ScheduleOptions, ScheduleNotFoundError } from '@temporalio/client';
import { exportScheduleSpec, type Recurrence } from '../../domain/exports/recurrence';
import { SCHEDULED_EXPORT_JOB, scheduledExportScheduleId } from '../../workflows/exports/contract';
import { type LaunchJobInput } from '../../workflows/job-run/contract';

export interface ExportScheduleSource {
  id: string;
  scheduled_at: Date;
  recurrence_pattern: Recurrence | null;
  is_active: boolean;
}

/**
 * The Temporal Schedule of a scheduled export: each fire runs launchJobWorkflow, which starts
 * the export through startJob (so the fire has its job_runs row and its re-run policy).
 */
export function exportScheduleOptions(row: ExportScheduleSource, timeZone: string): ScheduleOptions {
  const { remainingActions, ...spec } = exportScheduleSpec(row.scheduled_at, row.recurrence_pattern, timeZone);
  const input: LaunchJobInput = { jobName: SCHEDULED_EXPORT_JOB.jobName, payload: { scheduledExportId: row.id } };
  return {
    scheduleId: scheduledExportScheduleId(row.id),
    spec,
    action: {
      type: 'startWorkflow',
      workflowType: 'launchJobWorkflow',
      taskQueue: SCHEDULED_EXPORT_JOB.taskQueue,
      workflowId: `scheduled-export-fire:${row.id}`,
      args: [input],
    },
    state: {
      paused: !row.is_active,
      ...(remainingActions ? { remainingActions } : {}),
      note: 'Scheduled export (studio service)',
    },
  };
}

export async function createExportSchedule(
  client: Client,
  row: ExportScheduleSource,
  timeZone: string,
): Promise<string> {
  const handle = await client.schedule.create(exportScheduleOptions(row, timeZone));
  return handle.scheduleId;
}

/** Pauses or resumes a scheduled export's schedule. */
export async function setExportSchedulePaused(
  client: Client,
  scheduledExportId: string,
  paused: boolean,
): Promise<void> {
  const handle = client.schedule.getHandle(scheduledExportScheduleId(scheduledExportId));
  if (paused) await handle.pause('Paused by its owner');
  else await handle.unpause('Resumed by its owner');
}

/** Deletes the schedule; one already gone is fine (deleting twice is the same as once). */
export async function deleteExportSchedule(client: Client, scheduledExportId: string): Promise<void> {
  try {
    await client.schedule.getHandle(scheduledExportScheduleId(scheduledExportId)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}

/** When the schedule runs next, as Temporal computes it (null when it will not run again). */
export async function nextExportRun(client: Client, scheduledExportId: string): Promise<Date | null> {
  try {
    const description = await client.schedule.getHandle(scheduledExportScheduleId(scheduledExportId)).describe();
    return description.info.nextActionTimes[0] ?? null;
  } catch (err) {
    if (err instanceof ScheduleNotFoundError) return null;
    throw err;
  }
}
