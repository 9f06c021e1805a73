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
export async function listSessions(ownerId: string, page: PageRequest & SessionListFilter): Promise<Page<SessionRow>> {
  const filters: ListFilter[] = [];
  const { status, contact_id: contactId, from, to } = page;
  if (status) filters.push((bind) => `status = ${bind(status)}`);
  if (contactId) filters.push((bind) => `contact_id = ${bind(contactId)}`);
  if (from) filters.push((bind) => `start_date >= ${bind(new Date(from))}`);
  if (to) filters.push((bind) => `start_date < ${bind(new Date(to))}`);
  return listOwned(Session, ownerId, page, filters);
}

/** One of the owner's sessions; another user's reads as not found. */
export function findSession(ownerId: string, id: string): Promise<SessionRow> {
  return findOwned(Session, 'Session', id, ownerId);
}
