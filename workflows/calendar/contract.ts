import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** One member's CalDAV calendar read again (issue 45 §3): on connecting it, and when they ask. */
export interface CalendarSyncPayload extends Record<string, unknown> {
  ownerId: string;
  connectionId: string;
}

/** What a sync did. */
export interface CalendarSyncResult {
  /** `unchanged`: the collection's ctag had not moved; `removed`: the connection is gone. */
  outcome: 'synced' | 'unchanged' | 'removed';
  fetched: number;
  forgotten: number;
  busy: number;
}

/**
 * A connection's sync asked now. Each ask is a run of its own; a calendar that does not answer is
 * tried again (Temporal's retries) and its busy time read before stays meanwhile: an outage delays,
 * never loses.
 */
export const CALENDAR_SYNC_JOB = defineJob<CalendarSyncPayload>({
  jobName: 'calendar.sync',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'calendarSyncWorkflow',
  workflowId: (connectionId) => jobId('calendar-sync', connectionId),
  rerun: 'new-run',
});

/** The scheduled pass over every connection: its payload names none. */
export type CalendarSyncAllPayload = Record<string, unknown>;

export interface CalendarSyncAllSummary {
  calendars: number;
  failed: { connectionId: string; message: string }[];
}

/**
 * Every connected calendar read again, a page at a time; one that fails keeps its error on its
 * connection (the member sees it) and is tried at the next pass.
 */
export const CALENDAR_SYNC_ALL_JOB = defineJob<CalendarSyncAllPayload>({
  jobName: 'calendar.sync-all',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'calendarSyncAllWorkflow',
  workflowId: (key) => jobId('calendar-sync-all', key),
  rerun: 'return-existing',
});

/** Every five minutes: a busy time added in the member's calendar hides its slots within minutes. */
export const CALENDAR_SYNC_SCHEDULE = {
  scheduleId: 'calendar:sync-all',
  cron: '*/5 * * * *',
  contract: CALENDAR_SYNC_ALL_JOB,
} as const;

export const CALENDAR_SYNC_PAGE = 50;

/** A booking's event in the member's calendars made to match the booking as it is now. */
export interface CalendarCopyPayload extends Record<string, unknown> {
  ownerId: string;
  bookingId: string;
}

/**
 * Writes a confirmed booking (or its new time) as an event into each calendar its member
 * connected, and removes it once the booking is cancelled. Key: the booking event, so a
 * redelivered event is the same job; whatever order the jobs run in, each writes the booking as
 * it is when it runs.
 */
export const CALENDAR_COPY_JOB = defineJob<CalendarCopyPayload>({
  jobName: 'calendar.copy-booking',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'calendarCopyWorkflow',
  workflowId: (eventId) => jobId('calendar-copy', eventId),
  rerun: 'return-existing',
});

export interface CalendarCopyResult {
  written: number;
  removed: number;
}

export interface CalendarActivities {
  syncCalendar(payload: CalendarSyncPayload): Promise<CalendarSyncResult>;
  syncCalendarsPage(input: {
    afterId: string | null;
    limit: number;
  }): Promise<CalendarSyncAllSummary & { lastId: string | null }>;
  copyBookingToCalendars(payload: CalendarCopyPayload): Promise<CalendarCopyResult>;
}
