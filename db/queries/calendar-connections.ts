import { type Sequelize } from 'sequelize-typescript';
import { selectRows as rows } from '../select-rows';

/** A member's CalDAV calendar as the studio sees it: never its password. */
export interface CalendarConnectionRow {
  id: string;
  owner_id: string;
  member_id: string;
  url: string;
  username: string;
  ctag: string | null;
  synced_until: Date | null;
  last_synced_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  created_at: Date;
  busy_count: number;
}

/** A connection with what a sync or a write needs: its encrypted password and the member's zone. */
export interface CalendarConnectionAccess extends CalendarConnectionRow {
  secret_encrypted: string;
  time_zone: string;
}

const COLUMNS = `c.id, c.owner_id, c.member_id, c.url, c.username, c.ctag, c.synced_until, c.last_synced_at, c.last_error,
  c.last_error_at, c.created_at,
  (SELECT count(b.busy)::int FROM external_busy_times b WHERE b.connection_id = c.id) AS busy_count`;

/** A member's connections, oldest first. */
export function listCalendarConnections(
  sequelize: Sequelize,
  orgId: string,
  memberId: string,
): Promise<CalendarConnectionRow[]> {
  return rows<CalendarConnectionRow>(
    sequelize,
    `SELECT ${COLUMNS} FROM calendar_connections c WHERE c.owner_id = $1 AND c.member_id = $2 ORDER BY c.created_at, c.id`,
    [orgId, memberId],
  );
}

/** One connection of a member, or null. */
export async function findCalendarConnection(
  sequelize: Sequelize,
  orgId: string,
  memberId: string,
  id: string,
): Promise<CalendarConnectionRow | null> {
  const [row] = await rows<CalendarConnectionRow>(
    sequelize,
    `SELECT ${COLUMNS} FROM calendar_connections c WHERE c.owner_id = $1 AND c.member_id = $2 AND c.id = $3`,
    [orgId, memberId, id],
  );
  return row ?? null;
}

/** A connection as a sync or a booking's copy reads it (the job's studio), or null when removed. */
export async function findCalendarConnectionAccess(
  sequelize: Sequelize,
  id: string,
): Promise<CalendarConnectionAccess | null> {
  const [row] = await rows<CalendarConnectionAccess>(
    sequelize,
    `SELECT ${COLUMNS}, c.secret_encrypted, u.time_zone
       FROM calendar_connections c JOIN users u ON u.id = c.member_id WHERE c.id = $1`,
    [id],
  );
  return row ?? null;
}

/** The connections of one member: where a booking of theirs is written. */
export function listMemberConnectionIds(sequelize: Sequelize, orgId: string, memberId: string): Promise<string[]> {
  return rows<{ id: string }>(
    sequelize,
    `SELECT id FROM calendar_connections WHERE owner_id = $1 AND member_id = $2 ORDER BY created_at, id`,
    [orgId, memberId],
  ).then((found) => found.map((r) => r.id));
}

/** Every connection, with its studio, after `afterId`: the scheduled sync's pages (read as the platform). */
export function listConnectionsToSync(
  sequelize: Sequelize,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; owner_id: string }[]> {
  return rows<{ id: string; owner_id: string }>(
    sequelize,
    `SELECT id, owner_id FROM calendar_connections WHERE ($1::uuid IS NULL OR id > $1) ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
}

/** The objects of a connection whose busy time is kept, with their etags. */
export async function knownCalendarObjects(sequelize: Sequelize, connectionId: string): Promise<Map<string, string>> {
  const found = await rows<{ href: string; etag: string | null }>(
    sequelize,
    `SELECT DISTINCT href, etag FROM external_busy_times WHERE connection_id = $1`,
    [connectionId],
  );
  return new Map(found.map((r) => [r.href, r.etag ?? '']));
}
