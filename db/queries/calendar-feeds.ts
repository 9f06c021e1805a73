import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type FeedSession } from '../../domain/calendar/calendar-feed';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { reachedFilter } from './session-assignments';
import { studioNameSql } from './studios';

/** A feed as its holder sees it: when its address was made and last read, never its secret. */
export interface CalendarFeedRow {
  created_at: Date;
  last_read_at: Date | null;
}

/** The studio's feed and the member's own, where they exist, and the studio's setting. */
export interface CalendarFeedsRow {
  studio: CalendarFeedRow | null;
  mine: CalendarFeedRow | null;
  client_names: boolean;
}

/** A feed's row as json: when its address was made and last read. */
const FEED_JSON = (holder: string) =>
  `(SELECT json_build_object('created_at', f.created_at, 'last_read_at', f.last_read_at)
      FROM calendar_feeds f WHERE f.owner_id = $1 AND f.user_id IS NOT DISTINCT FROM ${holder})`;

/** The studio's feed, the member's own feed in the studio and the studio's setting, in one statement. */
export async function findCalendarFeeds(
  sequelize: Sequelize,
  orgId: string,
  memberId: string,
): Promise<CalendarFeedsRow> {
  type JsonFeed = { created_at: string; last_read_at: string | null } | null;
  const [row] = await sequelize.query<{ studio: JsonFeed; mine: JsonFeed; client_names: boolean }>(
    `SELECT ${FEED_JSON('NULL::uuid')} AS studio, ${FEED_JSON('$2::uuid')} AS mine,
            coalesce((SELECT calendar_feed_client_names FROM organizations WHERE id = $1), false) AS client_names`,
    { bind: [orgId, memberId], type: QueryTypes.SELECT },
  );
  const feed = (json: JsonFeed): CalendarFeedRow | null =>
    json && {
      created_at: new Date(json.created_at),
      last_read_at: json.last_read_at ? new Date(json.last_read_at) : null,
    };
  return { studio: feed(row.studio), mine: feed(row.mine), client_names: row.client_names };
}

/** A feed found by its secret's hash: its studio, and its member for a member's own. */
export interface CalendarFeedHolderRow {
  id: string;
  owner_id: string;
  user_id: string | null;
}

/**
 * The feed whose secret hashes to `tokenHash`; a member's own only while they are a member of its
 * studio. Read across studios (the caller runs it as the platform): the hash is all a request has.
 */
export async function findCalendarFeedByHash(
  sequelize: Sequelize,
  tokenHash: string,
): Promise<CalendarFeedHolderRow | null> {
  const [row] = await sequelize.query<CalendarFeedHolderRow>(
    `SELECT f.id, f.owner_id, f.user_id FROM calendar_feeds f
      WHERE f.token_hash = $1
        AND (f.user_id IS NULL OR EXISTS (SELECT 1 FROM memberships m WHERE m.org_id = f.owner_id AND m.user_id = f.user_id))`,
    { bind: [tokenHash], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** What a feed shows: its studio, its member's name, and the sessions. */
export interface FeedContentRow {
  studio_name: string;
  time_zone: string | null;
  client_names: boolean;
  member_name: string | null;
  sessions: FeedSession[];
}

type JsonSession = Omit<FeedSession, 'start_date' | 'end_date' | 'updated_at'> & {
  start_date: string;
  end_date: string | null;
  updated_at: string;
};

/**
 * A feed's content in one statement: the studio's name (its company's, else its organisation's),
 * zone and setting, and its dated sessions that end after `from`, the earliest first, at most
 * `limit`; a member's feed holds only the sessions they are assigned to. The client's name is the
 * main contact's (an erased contact has none); its address is never read.
 */
export async function readFeedContent(
  sequelize: Sequelize,
  input: { ownerId: string; memberId: string | null; from: Date; limit: number },
): Promise<FeedContentRow | null> {
  const [row] = await sequelize.query<Omit<FeedContentRow, 'sessions'> & { sessions: JsonSession[] }>(
    `SELECT ${studioNameSql('uc', 'o')} AS studio_name,
            o.time_zone, o.calendar_feed_client_names AS client_names,
            (SELECT coalesce(nullif(btrim(mu.name), ''), mu.email) FROM users mu WHERE mu.id = $2::uuid) AS member_name,
            coalesce((SELECT json_agg(e ORDER BY e.start_date, e.id) FROM (
              SELECT t.id, t.title, t.status, t.start_date, t.end_date, t.location, t.updated_at,
                     st.name AS type_name, st.duration_minutes AS type_minutes,
                     CASE WHEN c.erased_at IS NULL THEN coalesce(
                       nullif(btrim(concat_ws(' ', btrim(c.first_name), btrim(c.last_name))), ''),
                       nullif(btrim(c.company_name), '')) END AS client_name
                FROM sessions t
                LEFT JOIN user_session_types st ON st.id = t.user_session_type_id
                LEFT JOIN contacts c ON c.id = t.contact_id
               WHERE t.owner_id = $1 AND t.status <> 'CANCELLED' AND t.start_date IS NOT NULL
                 AND coalesce(t.end_date, t.start_date) >= $3
                 AND ($2::uuid IS NULL OR ${reachedFilter('session', 't', '$2::uuid')})
               ORDER BY t.start_date, t.id
               LIMIT $4) e), '[]'::json) AS sessions
       FROM organizations o
       LEFT JOIN user_company uc ON uc.user_id = o.id
      WHERE o.id = $1`,
    { bind: [input.ownerId, input.memberId, input.from, input.limit], type: QueryTypes.SELECT },
  );
  if (!row) return null;
  return {
    ...row,
    sessions: row.sessions.map((s) => ({
      ...s,
      status: s.status as SessionStatus,
      start_date: new Date(s.start_date),
      end_date: s.end_date ? new Date(s.end_date) : null,
      updated_at: new Date(s.updated_at),
    })),
  };
}
