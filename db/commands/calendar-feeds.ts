import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type CalendarFeedRow } from '../queries/calendar-feeds';

/**
 * Keeps `tokenHash` as the studio's feed (`memberId` null) or the member's own: the first call
 * makes the feed, a later one replaces its hash in the same statement, so the previous address
 * answers nothing from the commit on. The read time starts again.
 */
export async function saveCalendarFeedHash(
  sequelize: Sequelize,
  orgId: string,
  memberId: string | null,
  tokenHash: string,
): Promise<CalendarFeedRow> {
  const [row] = await sequelize.query<CalendarFeedRow>(
    `INSERT INTO calendar_feeds (owner_id, user_id, token_hash) VALUES ($1, $2, $3)
     ON CONFLICT (owner_id, user_id) DO UPDATE
       SET token_hash = EXCLUDED.token_hash, created_at = now(), last_read_at = NULL
     RETURNING created_at, last_read_at`,
    { bind: [orgId, memberId, tokenHash], type: QueryTypes.SELECT },
  );
  return row;
}

/**
 * Notes that a calendar app read the feed. Written at most once a minute per feed: an app that
 * polls does not turn every read into a write.
 */
export async function recordCalendarFeedRead(sequelize: Sequelize, feedId: string): Promise<void> {
  await sequelize.query(
    `UPDATE calendar_feeds SET last_read_at = now()
      WHERE id = $1 AND (last_read_at IS NULL OR last_read_at < now() - interval '1 minute')`,
    { bind: [feedId] },
  );
}
