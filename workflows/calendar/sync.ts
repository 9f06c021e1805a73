import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  CALENDAR_SYNC_PAGE,
  type CalendarActivities,
  type CalendarCopyPayload,
  type CalendarCopyResult,
  type CalendarSyncAllPayload,
  type CalendarSyncAllSummary,
  type CalendarSyncPayload,
  type CalendarSyncResult,
} from './contract';

// A calendar server down or slow: tried again with a growing wait, for about an hour.
const { syncCalendar, copyBookingToCalendars } = proxyActivities<CalendarActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

const { syncCalendarsPage } = proxyActivities<CalendarActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '30 seconds', maximumInterval: '5 minutes', maximumAttempts: 3 },
});

/** One member's calendar read again. */
export async function calendarSyncWorkflow(input: JobInput<CalendarSyncPayload>): Promise<CalendarSyncResult> {
  return syncCalendar(input.payload);
}

/** A booking's event written into (or removed from) its member's calendars. */
export async function calendarCopyWorkflow(input: JobInput<CalendarCopyPayload>): Promise<CalendarCopyResult> {
  return copyBookingToCalendars(input.payload);
}

/** Every connected calendar read again, a page at a time. */
export async function calendarSyncAllWorkflow(
  _input: JobInput<CalendarSyncAllPayload>,
): Promise<CalendarSyncAllSummary> {
  const total: CalendarSyncAllSummary = { calendars: 0, failed: [] };
  let afterId: string | null = null;
  for (;;) {
    const page: CalendarSyncAllSummary & { lastId: string | null } = await syncCalendarsPage({
      afterId,
      limit: CALENDAR_SYNC_PAGE,
    });
    total.calendars += page.calendars;
    total.failed.push(...page.failed.slice(0, Math.max(0, 100 - total.failed.length)));
    if (page.calendars < CALENDAR_SYNC_PAGE || page.lastId === null) return total;
    afterId = page.lastId;
  }
}
