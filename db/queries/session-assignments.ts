import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { type AssignmentRole } from '../../domain/teams/assignments';

/** A member on a session, as the session's answer lists them. */
export interface SessionAssignmentRow {
  user_id: string;
  role: AssignmentRole;
  name: string | null;
  email: string;
}

/** The same list as a json array written by PostgreSQL, for `t` a session row (listSessionsJson, the roadmap). */
export const ASSIGNED_JSON = `coalesce((SELECT json_agg(json_build_object('user_id', a.user_id, 'role', a.role, 'name', u.name, 'email', u.email)
    ORDER BY array_position(ARRAY['lead', 'second_shooter', 'assistant']::varchar[], a.role), a.created_at, a.user_id)
  FROM session_assignments a JOIN users u ON u.id = a.user_id WHERE a.session_id = t.id), '[]'::json)`;

/** The members assigned to one of the studio's sessions: the lead, then second shooters, then assistants. */
export async function listSessionAssignments(
  sequelize: Sequelize,
  orgId: string,
  sessionId: string,
  transaction?: Transaction,
): Promise<SessionAssignmentRow[]> {
  const [row] = await sequelize.query<{ assigned: SessionAssignmentRow[] }>(
    `SELECT ${ASSIGNED_JSON} AS assigned FROM sessions t WHERE t.id = $1 AND t.owner_id = $2`,
    { bind: [sessionId, orgId], type: QueryTypes.SELECT, transaction },
  );
  return row?.assigned ?? [];
}

/** What an assigned-only member may reach by id (the route kit's check, api/teams/operation-scopes.ts). */
export type ReachKind = 'session' | 'contact' | 'quote';

/**
 * What an assigned-only member reaches, as a condition on `row`, a row of the kind's table (its
 * name or alias in the statement): a session they are assigned to; a contact that is the main
 * contact or a session contact of one; a quote of one. Written once, in the database's two
 * functions (db/migrations/2026.11.28T21.00.00.member-reach.ts), which the `member_reach` policies
 * call for the connection's member (a request by id) and this condition for the member given (the
 * lists, a member's calendar feed, their signed links).
 */
export function reachedFilter(kind: ReachKind, row: string, memberParam: string): string {
  if (kind === 'session') return `studio_member_reaches_session(${row}.id, ${memberParam})`;
  if (kind === 'quote') return `studio_member_reaches_session(${row}.session_id, ${memberParam})`;
  return `studio_member_reaches_contact(${row}.id, ${memberParam})`;
}

/** A member assigned to a session, as a task's message reaches them. */
export interface AssignedMemberRow {
  user_id: string;
  name: string | null;
  email: string;
  locale: UserLocale;
  /** Their own clock, when they set one. */
  time_zone: string | null;
}

/** The members assigned to the session in `role` (a task addressed to them, at their notification address), in the order they were put on it. */
export function assignedMembers(
  sequelize: Sequelize,
  orgId: string,
  sessionId: string,
  role: AssignmentRole,
): Promise<AssignedMemberRow[]> {
  return sequelize.query<AssignedMemberRow>(
    `SELECT u.id AS user_id, u.name, coalesce(u.notification_email, u.email) AS email, u.locale, u.time_zone
       FROM session_assignments a JOIN users u ON u.id = a.user_id
      WHERE a.owner_id = $1 AND a.session_id = $2 AND a.role = $3
      ORDER BY a.created_at, a.user_id`,
    { bind: [orgId, sessionId, role], type: QueryTypes.SELECT },
  );
}

/** The studio's members by lower-cased address (an import's columns of a session's members). */
export async function studioMemberEmails(sequelize: Sequelize, orgId: string): Promise<Map<string, string>> {
  const rows = await sequelize.query<{ user_id: string; email: string }>(
    'SELECT u.id AS user_id, lower(u.email) AS email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1',
    { bind: [orgId], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [r.email, r.user_id]));
}
