import { type Sequelize } from 'sequelize-typescript';
import { selectRows as rows } from '../select-rows';

/** Keeps (or moves) the event a booking wrote into a connection. */
export async function recordCalendarEventCopy(
  sequelize: Sequelize,
  c: { bookingId: string; connectionId: string; ownerId: string; href: string; etag: string | null },
): Promise<void> {
  await rows(
    sequelize,
    `INSERT INTO calendar_event_copies (booking_id, connection_id, owner_id, href, etag)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (booking_id, connection_id) DO UPDATE SET href = EXCLUDED.href, etag = EXCLUDED.etag, written_at = now()
     RETURNING 1`,
    [c.bookingId, c.connectionId, c.ownerId, c.href, c.etag],
  );
}

/** Forgets a booking's copy once it is removed from the calendar, and the busy time a sync read from it. */
export async function forgetCalendarEventCopy(sequelize: Sequelize, bookingId: string, connectionId: string) {
  await rows(
    sequelize,
    `WITH copy AS (DELETE FROM calendar_event_copies WHERE booking_id = $1 AND connection_id = $2 RETURNING connection_id, href)
     DELETE FROM external_busy_times b USING copy WHERE b.connection_id = copy.connection_id AND b.href = copy.href
     RETURNING 1`,
    [bookingId, connectionId],
  );
}
