import {
  type CalendarObjectBusy,
  type recordCalendarSync,
  type recordCalendarSyncFailure,
} from '../../db/commands/calendar-connections';
import { type forgetCalendarEventCopy, type recordCalendarEventCopy } from '../../db/commands/calendar-event-copies';
import { type findBooking } from '../../db/queries/booking';
import {
  type CalendarConnectionAccess,
  type findCalendarConnectionAccess,
  type knownCalendarObjects,
  type listConnectionsToSync,
  type listMemberConnectionIds,
} from '../../db/queries/calendar-connections';
import { type findCalendarEventCopy, type listBookingCopies } from '../../db/queries/calendar-event-copies';
import { asPlatform, asStudio } from '../../db/studio-context';
import { busyTimesOf } from '../../domain/calendar/busy-times';
import { bookingEvent } from '../../domain/calendar/booking-event';
import { busyWindow, calendarChanges, needsWholeRead } from '../../domain/calendar/calendar-sync';
import { writeCalendar } from '../../domain/calendar/ical-writer';
import { type CalDavCalendar, type CalDavAccount } from '../../lib/calendar/caldav-calendar';
import { type CredentialsCipher } from '../../lib/credentials-cipher';
import {
  type CalendarActivities,
  type CalendarCopyPayload,
  type CalendarSyncPayload,
  type CalendarSyncResult,
} from '../../workflows/calendar/contract';
import { type Bound } from '../db-deps';

/** What the calendar activities read and write (db/, bound to the worker's Sequelize). */
export interface CalendarDb {
  findCalendarConnectionAccess: Bound<typeof findCalendarConnectionAccess>;
  knownCalendarObjects: Bound<typeof knownCalendarObjects>;
  recordCalendarSync: Bound<typeof recordCalendarSync>;
  recordCalendarSyncFailure: Bound<typeof recordCalendarSyncFailure>;
  listConnectionsToSync: Bound<typeof listConnectionsToSync>;
  findBooking: Bound<typeof findBooking>;
  listMemberConnectionIds: Bound<typeof listMemberConnectionIds>;
  findCalendarEventCopy: Bound<typeof findCalendarEventCopy>;
  listBookingCopies: Bound<typeof listBookingCopies>;
  recordCalendarEventCopy: Bound<typeof recordCalendarEventCopy>;
  forgetCalendarEventCopy: Bound<typeof forgetCalendarEventCopy>;
}

export interface CalendarDeps extends CalendarDb {
  cipher(): CredentialsCipher;
  /** A CalDAV calendar for an account (lib/calendar/caldav-calendar.ts in production). */
  openCalendar(account: CalDavAccount): CalDavCalendar;
  /** The host in the events' UIDs: the service's own (APP_BASE_URL). */
  host: string;
  now?: () => Date;
}

/** Calendar objects asked for at once. */
const FETCH_BATCH = 50;

const accountOf = (deps: CalendarDeps, c: CalendarConnectionAccess): CalDavAccount => ({
  url: c.url,
  username: c.username,
  password: deps.cipher().decrypt(c.secret_encrypted),
});

/** Reads a connection's changes: a failure is kept on the connection (the member sees it) and thrown. */
async function syncConnection(
  deps: CalendarDeps,
  connection: CalendarConnectionAccess,
  now: Date,
): Promise<CalendarSyncResult> {
  try {
    const calendar = deps.openCalendar(accountOf(deps, connection));
    const window = busyWindow(now);
    const whole = needsWholeRead(connection.synced_until, window.to);
    const ctag = await calendar.ctag();
    const record = (syncedUntil: Date, read: CalendarObjectBusy[], gone: string[]) =>
      deps.recordCalendarSync({
        connectionId: connection.id,
        ownerId: connection.owner_id,
        memberId: connection.member_id,
        ctag,
        syncedUntil,
        read,
        gone,
      });
    const unchanged = !whole && ctag !== null && ctag === connection.ctag;
    if (unchanged) {
      // Nothing moved: the sync went well (its time kept, a past error cleared), the window as it was.
      await record(connection.synced_until ?? window.to, [], []);
      return { outcome: 'unchanged', fetched: 0, forgotten: 0, busy: connection.busy_count };
    }
    const listed = await calendar.list(window);
    const changes = calendarChanges(await deps.knownCalendarObjects(connection.id), listed, whole);
    const read: CalendarObjectBusy[] = [];
    for (let i = 0; i < changes.fetch.length; i += FETCH_BATCH) {
      for (const object of await calendar.fetch(changes.fetch.slice(i, i + FETCH_BATCH))) {
        let spans: CalendarObjectBusy['spans'];
        try {
          spans = busyTimesOf(object.data, { ...window, zone: connection.time_zone });
        } catch {
          // An object that is not iCalendar holds no time here; the rest of the calendar still counts.
          spans = [];
        }
        read.push({ href: object.href, etag: object.etag, spans });
      }
    }
    await record(window.to, read, changes.gone);
    return {
      outcome: 'synced',
      fetched: read.length,
      forgotten: changes.gone.length,
      busy: read.reduce((n, o) => n + o.spans.length, 0),
    };
  } catch (err) {
    await deps.recordCalendarSyncFailure(connection.id, (err as Error).message);
    throw err;
  }
}

/**
 * Makes the member's calendars show the booking as it is now: confirmed, it is in each calendar
 * they connected, at its time; otherwise (cancelled, expired, gone) in none.
 */
async function copyBooking(deps: CalendarDeps, { ownerId, bookingId }: CalendarCopyPayload, now: Date) {
  const booking = await deps.findBooking(ownerId, bookingId);
  const copies = await deps.listBookingCopies(bookingId);
  const keep = booking?.status === 'CONFIRMED' ? booking : null;
  const connectionIds = keep ? await deps.listMemberConnectionIds(ownerId, keep.member_id) : [];
  let removed = 0;
  for (const copy of copies.filter((c) => !connectionIds.includes(c.connection_id))) {
    const connection = await deps.findCalendarConnectionAccess(copy.connection_id);
    if (connection) await deps.openCalendar(accountOf(deps, connection)).remove(copy.href, copy.etag);
    await deps.forgetCalendarEventCopy(bookingId, copy.connection_id);
    removed++;
  }
  if (!keep) return { written: 0, removed };
  const ics = writeCalendar(bookingEvent(keep, deps.host, now));
  let written = 0;
  for (const connectionId of connectionIds) {
    const connection = await deps.findCalendarConnectionAccess(connectionId);
    if (!connection) continue;
    const copy = await deps.findCalendarEventCopy(bookingId, connectionId);
    const calendar = deps.openCalendar(accountOf(deps, connection));
    const put = await calendar.put(copy?.href ?? `booking-${bookingId}.ics`, ics, copy?.etag ?? null);
    await deps.recordCalendarEventCopy({ bookingId, connectionId, ownerId, href: put.href, etag: put.etag });
    written++;
  }
  return { written, removed };
}

/** The calendar activities (issue 45 §3; docs/booking.md, "CalDAV"). */
export function createCalendarActivities(deps: CalendarDeps): CalendarActivities {
  const now = deps.now ?? (() => new Date());
  return {
    async syncCalendar({ connectionId }: CalendarSyncPayload): Promise<CalendarSyncResult> {
      const connection = await deps.findCalendarConnectionAccess(connectionId);
      if (!connection) return { outcome: 'removed', fetched: 0, forgotten: 0, busy: 0 };
      return syncConnection(deps, connection, now());
    },

    async syncCalendarsPage({ afterId, limit }) {
      // The connections of every studio, read as the platform; each synced as its own studio.
      const page = await asPlatform(() => deps.listConnectionsToSync(afterId, limit));
      const failed: { connectionId: string; message: string }[] = [];
      for (const { id, owner_id } of page) {
        await asStudio(owner_id, async () => {
          const connection = await deps.findCalendarConnectionAccess(id);
          if (!connection) return;
          await syncConnection(deps, connection, now()).catch((err: Error) =>
            failed.push({ connectionId: id, message: err.message }),
          );
        });
      }
      return { calendars: page.length, failed, lastId: page.at(-1)?.id ?? null };
    },

    copyBookingToCalendars: (payload: CalendarCopyPayload) => copyBooking(deps, payload, now()),
  };
}
