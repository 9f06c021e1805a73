import { type Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import { type Logger } from 'pino';
import {
  MARK_OVERDUE_INVOICES,
  type OverdueScanInput,
  RECONCILE_JOB_RUNS,
  type ReconcileJobRunsInput,
} from '../workflows/maintenance/contract';
import { LEDGER_DAILY_SCHEDULE } from '../workflows/ledger/contract';
import { E_REPORTING_DAILY_SCHEDULE } from '../workflows/e-reporting/contract';
import { CALENDAR_SYNC_SCHEDULE } from '../workflows/calendar/contract';
import { cleanupSchedules, launchJobSchedule } from './cleanup-schedules';

/** How often the reconciler looks, how long a row may be RUNNING before it is checked, how many per pass. */
export const RECONCILE_EVERY = '5 minutes';
export const RECONCILE_INPUT: ReconcileJobRunsInput = { graceSeconds: 120, batchSize: 200 };
/** How often invoices that became overdue are looked for (an invoice turns overdue at midnight in its studio's zone). */
export const OVERDUE_SCAN_EVERY = '15 minutes';
export const OVERDUE_SCAN_INPUT: OverdueScanInput = { batchSize: 500 };

/** The Temporal Schedules every worker makes sure exist. Capabilities add theirs here. */
export function workerSchedules(): ScheduleOptions[] {
  return [
    {
      scheduleId: RECONCILE_JOB_RUNS.scheduleId,
      spec: { intervals: [{ every: RECONCILE_EVERY }] },
      action: {
        type: 'startWorkflow',
        workflowType: RECONCILE_JOB_RUNS.workflowType,
        taskQueue: RECONCILE_JOB_RUNS.taskQueue,
        workflowId: RECONCILE_JOB_RUNS.workflowIdPrefix,
        args: [RECONCILE_INPUT],
      },
      // A pass still running when the next is due makes the next one pointless.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
    },
    {
      scheduleId: MARK_OVERDUE_INVOICES.scheduleId,
      spec: { intervals: [{ every: OVERDUE_SCAN_EVERY }] },
      action: {
        type: 'startWorkflow',
        workflowType: MARK_OVERDUE_INVOICES.workflowType,
        taskQueue: MARK_OVERDUE_INVOICES.taskQueue,
        workflowId: MARK_OVERDUE_INVOICES.workflowIdPrefix,
        args: [OVERDUE_SCAN_INPUT],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
    },
    ...cleanupSchedules(),
    // The ledger's daily closures and integrity check (issue 32 §6).
    launchJobSchedule(LEDGER_DAILY_SCHEDULE.scheduleId, LEDGER_DAILY_SCHEDULE.cron, LEDGER_DAILY_SCHEDULE.contract),
    // The e-reports of periods that ended, made and sent (issue 32 §4).
    launchJobSchedule(
      E_REPORTING_DAILY_SCHEDULE.scheduleId,
      E_REPORTING_DAILY_SCHEDULE.cron,
      E_REPORTING_DAILY_SCHEDULE.contract,
    ),
    // The members' CalDAV calendars read again (issue 45 §3).
    launchJobSchedule(CALENDAR_SYNC_SCHEDULE.scheduleId, CALENDAR_SYNC_SCHEDULE.cron, CALENDAR_SYNC_SCHEDULE.contract),
  ];
}

/**
 * Creates each schedule, or brings an existing one to this code's spec and action: idempotent,
 * so every worker (and every restart) can call it, and two workers starting together agree.
 */
export async function ensureSchedules(
  client: Client,
  logger: Logger,
  schedules: ScheduleOptions[] = workerSchedules(),
): Promise<void> {
  for (const options of schedules) {
    try {
      await client.schedule.create(options);
      logger.info({ scheduleId: options.scheduleId }, 'schedule created');
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      await client.schedule.getHandle(options.scheduleId).update((previous) => ({
        ...previous,
        spec: options.spec,
        action: options.action,
        policies: options.policies,
      }));
    }
  }
}
