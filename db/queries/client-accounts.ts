import { type Sequelize } from 'sequelize-typescript';
import { Op, type WhereOptions } from 'sequelize';
import { NotFoundError } from '../../domain/errors';
import { ClientAccount } from '../models/ClientAccount';
import { Session } from '../models/Session';
import { SessionContact } from '../models/SessionContact';
import { type ClientAccountRow, type SessionRow } from '../rows';

/** Who a client account is: the studio (owner) and the contact it belongs to. */
export type ClientRef = Pick<ClientAccountRow, 'owner_id' | 'contact_id'>;

/** A client account by id, or null (a deleted contact removes its account). */
export function findClientAccount(_sequelize: Sequelize, id: string): Promise<ClientAccountRow | null> {
  return ClientAccount.findByPk(id);
}

/**
 * Which of the studio's sessions a client sees: those whose main contact is the client's contact,
 * and those the client's contact is attached to (/api/sessions/:id/contacts: the other partner of
 * a wedding answers the questionnaire too).
 */
async function clientSessionsWhere(account: ClientRef): Promise<WhereOptions> {
  const attached = await SessionContact.findAll({
    where: { contact_id: account.contact_id },
    attributes: ['session_id'],
  });
  const ids = attached.map((a) => a.session_id);
  return {
    owner_id: account.owner_id,
    [Op.or]: [{ contact_id: account.contact_id }, ...(ids.length > 0 ? [{ id: ids }] : [])],
  };
}

/** A session the client may see (clientSessionsWhere); else null. */
export async function findClientSessionOrNull(
  _sequelize: Sequelize,
  account: ClientRef,
  sessionId: string,
): Promise<SessionRow | null> {
  return Session.findOne({ where: { id: sessionId, ...(await clientSessionsWhere(account)) } });
}

/** As findClientSessionOrNull, but 404 ('Session') when the client may not see it. */
export async function findClientSession(
  sequelize: Sequelize,
  account: ClientRef,
  sessionId: string,
): Promise<SessionRow> {
  const session = await findClientSessionOrNull(sequelize, account, sessionId);
  if (!session) throw new NotFoundError('Session');
  return session;
}

/** The client's sessions, newest first (at most 100). */
export async function listClientSessions(_sequelize: Sequelize, account: ClientRef): Promise<SessionRow[]> {
  return Session.findAll({ where: await clientSessionsWhere(account), order: [['created_at', 'DESC']], limit: 100 });
}
