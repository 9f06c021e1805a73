import { type Sequelize } from 'sequelize-typescript';
import { selectRows as rows } from '../select-rows';

/** The event a booking wrote into a member's calendar. */
export interface CalendarEventCopyRow {
  booking_id: string;
  connection_id: string;
  href: string;
  etag: string | null;
}

/** A booking's copy in one connection, or null. */
export async function findCalendarEventCopy(
  sequelize: Sequelize,
  bookingId: string,
  connectionId: string,
): Promise<CalendarEventCopyRow | null> {
  const [row] = await rows<CalendarEventCopyRow>(
    sequelize,
    `SELECT booking_id, connection_id, href, etag FROM calendar_event_copies WHERE booking_id = $1 AND connection_id = $2`,
    [bookingId, connectionId],
  );
  return row ?? null;
}

/** Every copy of a booking, in whichever connection. */
export function listBookingCopies(sequelize: Sequelize, bookingId: string): Promise<CalendarEventCopyRow[]> {
  return rows<CalendarEventCopyRow>(
    sequelize,
    `SELECT booking_id, connection_id, href, etag FROM calendar_event_copies WHERE booking_id = $1 ORDER BY connection_id`,
    [bookingId],
  );
}
