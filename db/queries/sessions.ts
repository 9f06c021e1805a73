import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Page, type PageRequest } from '../../domain/pagination';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { Session } from '../models/Session';
import { type SessionRow } from '../rows';
import { findOwned, type ListFilter, listOwned } from './owned';

export interface SessionListFilter {
  status?: SessionStatus;
  contact_id?: string;
  /** Sessions starting at or after / before these instants (ISO strings). */
  from?: string;
  to?: string;
}

/** A page of the owner's sessions, newest first, filtered. */
export async function listSessions(
  sequelize: Sequelize,
  ownerId: string,
  page: PageRequest & SessionListFilter,
): Promise<Page<SessionRow>> {
  const filters: ListFilter[] = [];
  const { status, contact_id: contactId, from, to } = page;
  if (status) filters.push((bind) => `status = ${bind(status)}`);
  if (contactId) filters.push((bind) => `contact_id = ${bind(contactId)}`);
  if (from) filters.push((bind) => `start_date >= ${bind(new Date(from))}`);
  if (to) filters.push((bind) => `start_date < ${bind(new Date(to))}`);
  return listOwned(sequelize, Session, ownerId, page, filters);
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
