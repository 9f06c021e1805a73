import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { AuditLog } from '../models/AuditLog';
import { Contact } from '../models/Contact';
import { Session } from '../models/Session';
import { SessionContact } from '../models/SessionContact';
import { assertContactNotErased } from '../queries/erased-contacts';
import { findOwned } from '../queries/owned';

/**
 * Attaches one of the owner's contacts to one of its sessions with a role (bride, groom, parent,
 * company…), in one transaction with an audit row. The session's main contact, a contact
 * already attached and an erased contact are 409s; another studio's session or contact is a 404.
 */
export async function addSessionContact(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
  input: { contact_id: string; role: string | null },
  requestId?: string,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const session = await findOwned(sequelize, Session, 'Session', sessionId, ownerId, { transaction, lock: true });
    await findOwned(sequelize, Contact, 'Contact', input.contact_id, ownerId, { transaction });
    await assertContactNotErased(sequelize, ownerId, input.contact_id, transaction);
    if (session.contact_id === input.contact_id)
      throw new ConflictError('session_contact_exists', 'This contact is the session’s main contact already');
    const [, created] = await SessionContact.findOrCreate({
      where: { session_id: sessionId, contact_id: input.contact_id },
      defaults: { session_id: sessionId, contact_id: input.contact_id, role: input.role },
      transaction,
    });
    if (!created) throw new ConflictError('session_contact_exists', 'This contact is attached to the session already');
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'UPDATE',
        entity_type: 'SESSION',
        entity_id: sessionId,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { changed: ['contacts'], contact_added: { contact_id: input.contact_id, role: input.role } },
      },
      { transaction },
    );
  });
}

/** Detaches a contact from one of the owner's sessions (the contact itself stays); not attached is a 404. */
export async function removeSessionContact(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
  contactId: string,
  requestId?: string,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await findOwned(sequelize, Session, 'Session', sessionId, ownerId, { transaction, lock: true });
    const removed = await SessionContact.destroy({
      where: { session_id: sessionId, contact_id: contactId },
      transaction,
    });
    if (removed === 0) throw new NotFoundError('Session contact');
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'UPDATE',
        entity_type: 'SESSION',
        entity_id: sessionId,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { changed: ['contacts'], contact_removed: { contact_id: contactId } },
      },
      { transaction },
    );
  });
}
