import { NotFoundError } from '../../domain/errors';
import { ClientAccount } from '../models/ClientAccount';
import { Session } from '../models/Session';
import { type ClientAccountRow, type SessionRow } from '../rows';

/** Who a client account is: the studio (owner) and the contact it belongs to. */
export type ClientRef = Pick<ClientAccountRow, 'owner_id' | 'contact_id'>;

/** A client account by id, or null (a deleted contact removes its account). */
export function findClientAccount(id: string): Promise<ClientAccountRow | null> {
  return ClientAccount.findByPk(id);
}

/** A session the client may see: the studio's session whose contact is this client's contact; else null. */
export function findClientSessionOrNull(account: ClientRef, sessionId: string): Promise<SessionRow | null> {
  return Session.findOne({ where: { id: sessionId, owner_id: account.owner_id, contact_id: account.contact_id } });
}

/** As findClientSessionOrNull, but 404 ('Session') when the client may not see it. */
export async function findClientSession(account: ClientRef, sessionId: string): Promise<SessionRow> {
  const session = await findClientSessionOrNull(account, sessionId);
  if (!session) throw new NotFoundError('Session');
  return session;
}

/** The client's sessions, newest first (at most 100). */
export function listClientSessions(account: ClientRef): Promise<SessionRow[]> {
  return Session.findAll({ where: { owner_id: account.owner_id, contact_id: account.contact_id }, order: [['created_at', 'DESC']], limit: 100 });
}
