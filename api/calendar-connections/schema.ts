import { z } from 'zod';

/** POST /api/calendar-connections: a member's CalDAV calendar. */
export const CalendarConnectionBody = z
  .object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .describe(
        "The calendar collection's address (CalDAV), e.g. https://caldav.fastmail.com/dav/calendars/user/me@example.com/Default/",
      ),
    username: z.string().trim().min(1).max(255),
    password: z
      .string()
      .min(1)
      .max(1024)
      .describe('The account’s password, or an app password (iCloud, Fastmail); kept encrypted, never shown again'),
  })
  .strict();

/** A connected calendar as its member sees it: never its password. */
export const CalendarConnectionView = z.object({
  id: z.uuid(),
  url: z.string(),
  username: z.string(),
  busy_times: z.number().int().describe('Busy times read from it (between yesterday and 400 days ahead)'),
  last_synced_at: z.string().nullable().describe('When it was last read; null: not yet'),
  last_error: z
    .string()
    .nullable()
    .describe('Why the last read failed (the busy time read before still counts); null when it went well'),
  last_error_at: z.string().nullable(),
  created_at: z.string(),
});

export const CalendarConnectionsView = z.object({ items: z.array(CalendarConnectionView) });

/** A new connection, and the job of its first read. */
export const ConnectedCalendarView = z.object({ connection: CalendarConnectionView, jobRunId: z.uuid() });

export const CalendarSyncAccepted = z.object({ jobRunId: z.uuid() });

export const CalendarConnectionParams = z.object({ connectionId: z.uuid({ message: 'must be a uuid' }) });
