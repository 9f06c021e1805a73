import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type PageRequest } from '../../domain/pagination';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { Session } from '../models/Session';
import { type SessionRow } from '../rows';
import { findOwned, isoMillis, type JsonListShape, type ListFilter, listOwnedJson } from './owned';
import { ASSIGNED_JSON, reachedFilter } from './session-assignments';

export interface SessionListFilter {
  status?: SessionStatus;
  contact_id?: string;
  /** Sessions starting at or after / before these instants (ISO strings). */
  from?: string;
  to?: string;
  /** Sessions this member is assigned to (a member's calendar). */
  assignedTo?: string;
  /** The member who reaches only their assigned sessions (domain/teams/assignments.ts#assignedScope). */
  reachedBy?: string | null;
}

function sessionFilters(filter: SessionListFilter): ListFilter[] {
  const { status, contact_id: contactId, from, to } = filter;
  const filters: ListFilter[] = [];
  for (const member of [filter.assignedTo, filter.reachedBy])
    if (member) filters.push((bind) => reachedFilter('session', 'sessions', `${bind(member)}::uuid`));
  if (status) filters.push((bind) => `status = ${bind(status)}`);
  if (contactId) filters.push((bind) => `contact_id = ${bind(contactId)}`);
  if (from) filters.push((bind) => `start_date >= ${bind(new Date(from))}`);
  if (to) filters.push((bind) => `start_date < ${bind(new Date(to))}`);
  return filters;
}

/** A session as api/sessions/presenter.ts#presentSession shows it, field for field. */
const SESSION_ITEM: JsonListShape = {
  table: 'sessions',
  item: () => `t.id, t.title, t.status, ${isoMillis('t.start_date')} AS start_date, ${isoMillis('t.end_date')} AS end_date,
  t.location, t.notes, t.contact_id, t.user_rate_id, t.user_session_type_id, t.workflow_id, t.session_info_template_id,
  ${ASSIGNED_JSON} AS assigned, ${isoMillis('t.created_at')} AS created_at, ${isoMillis('t.updated_at')} AS updated_at`,
};

/** The owner's sessions, newest first, filtered, as the api answers a page of them (GET /api/sessions), written by PostgreSQL (listOwnedJson). */
export function listSessionsJson(
  sequelize: Sequelize,
  ownerId: string,
  page: PageRequest & SessionListFilter,
): Promise<string> {
  return listOwnedJson(sequelize, SESSION_ITEM, ownerId, page, sessionFilters(page));
}

/** One of the owner's sessions; another user's reads as not found. */
export function findSession(sequelize: Sequelize, ownerId: string, id: string): Promise<SessionRow> {
  return findOwned(sequelize, Session, 'Session', id, ownerId);
}

/** Passes when the session is the owner's; otherwise 404 ('Session'), whether it exists or not. */
export async function assertOwnSession(_sequelize: Sequelize, ownerId: string, sessionId: string): Promise<void> {
  if ((await Session.count({ where: { id: sessionId, owner_id: ownerId } })) === 0) throw new NotFoundError('Session');
}

/** The stored id of one of the owner's sessions (404 'Session' otherwise): a cheap check that reads no other column. */
export async function findOwnSessionId(_sequelize: Sequelize, ownerId: string, sessionId: string): Promise<string> {
  const session = await Session.findOne({ where: { id: sessionId, owner_id: ownerId }, attributes: ['id'] });
  if (!session) throw new NotFoundError('Session');
  return session.id;
}
