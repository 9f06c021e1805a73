import { type Sequelize } from 'sequelize-typescript';
import { selectRows as rows } from '../select-rows';

/** A member's new calendar connection; null when they already connected that calendar. */
export async function insertCalendarConnection(
  sequelize: Sequelize,
  c: { orgId: string; memberId: string; url: string; username: string; secretEncrypted: string },
): Promise<string | null> {
  const [row] = await rows<{ id: string }>(
    sequelize,
    `INSERT INTO calendar_connections (owner_id, member_id, url, username, secret_encrypted)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ON CONSTRAINT calendar_connections_one_per_calendar DO NOTHING
     RETURNING id`,
    [c.orgId, c.memberId, c.url, c.username, c.secretEncrypted],
  );
  return row?.id ?? null;
}

/** Removes a member's connection and the busy time read from it; false when there was none. */
export async function deleteCalendarConnection(
  sequelize: Sequelize,
  orgId: string,
  memberId: string,
  id: string,
): Promise<boolean> {
  const gone = await rows<{ id: string }>(
    sequelize,
    `DELETE FROM calendar_connections WHERE owner_id = $1 AND member_id = $2 AND id = $3 RETURNING id`,
    [orgId, memberId, id],
  );
  return gone.length > 0;
}

/** One calendar object's busy time, as a sync read it. */
export interface CalendarObjectBusy {
  href: string;
  etag: string;
  spans: { start: Date; end: Date }[];
}

/**
 * A sync's result in one transaction: the busy time of the objects read again replaces theirs
 * (an object with none in the window keeps one row of no time, so its etag is known and it is not
 * read again until it changes), the objects gone from the calendar lose theirs, and the connection
 * keeps the collection's ctag and the time of the sync, its last error cleared.
 */
export async function recordCalendarSync(
  sequelize: Sequelize,
  s: {
    connectionId: string;
    ownerId: string;
    memberId: string;
    ctag: string | null;
    syncedUntil: Date;
    read: CalendarObjectBusy[];
    gone: string[];
  },
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const hrefs = [...s.read.map((o) => o.href), ...s.gone];
    if (hrefs.length)
      await rows(
        sequelize,
        `DELETE FROM external_busy_times WHERE connection_id = $1 AND href = ANY($2::text[]) RETURNING 1`,
        [s.connectionId, hrefs],
        transaction,
      );
    const spans = s.read.flatMap((o): { href: string; etag: string; start: string | null; end: string | null }[] =>
      o.spans.length
        ? o.spans.map((span) => ({
            href: o.href,
            etag: o.etag,
            start: span.start.toISOString(),
            end: span.end.toISOString(),
          }))
        : [{ href: o.href, etag: o.etag, start: null, end: null }],
    );
    if (spans.length)
      await rows(
        sequelize,
        `INSERT INTO external_busy_times (owner_id, connection_id, member_id, href, etag, busy)
         SELECT $1, $2, $3, d.href, d.etag, CASE WHEN d.start IS NOT NULL THEN tstzrange(d.start, d."end", '[)') END
           FROM jsonb_to_recordset($4::jsonb) AS d(href text, etag text, start timestamptz, "end" timestamptz)
          WHERE d.start IS NULL OR d."end" > d.start
         RETURNING 1`,
        [s.ownerId, s.connectionId, s.memberId, JSON.stringify(spans)],
        transaction,
      );
    await rows(
      sequelize,
      `UPDATE calendar_connections
          SET ctag = $2, synced_until = $3, last_synced_at = now(), last_error = NULL, last_error_at = NULL
        WHERE id = $1 RETURNING 1`,
      [s.connectionId, s.ctag, s.syncedUntil],
      transaction,
    );
  });
}

/** A sync that failed: the busy time read before stays, the error is shown to the member. */
export async function recordCalendarSyncFailure(sequelize: Sequelize, connectionId: string, message: string) {
  await rows(
    sequelize,
    `UPDATE calendar_connections SET last_error = left($2, 1000), last_error_at = now() WHERE id = $1 RETURNING 1`,
    [connectionId, message],
  );
}
