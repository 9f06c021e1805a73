import { type Sequelize } from 'sequelize-typescript';
import { Session } from '../models/Session';
import { recordDomainEvent } from './record-domain-event';
import { assignCreator } from './session-assignments';
import { assertOwnContact, assertOwnTemplate, type SessionProps, typeDefaults } from './sessions';

/**
 * Creates a session and its SESSION_CREATED event in one transaction; `lead`, when given, is the
 * member put on it as its lead (a photographer's own session, which they reach only assigned).
 */
export async function createSession(
  sequelize: Sequelize,
  ownerId: string,
  props: SessionProps & { title: string },
  requestId?: string,
  lead?: string,
): Promise<Session> {
  return sequelize.transaction(async (transaction) => {
    await assertOwnContact(props.contact_id, ownerId, transaction);
    await assertOwnTemplate(props.session_info_template_id, ownerId, transaction);
    const defaults = await typeDefaults(props.user_session_type_id, ownerId, transaction);
    const session = await Session.create({ ...defaults, ...props, owner_id: ownerId }, { transaction });
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'SESSION_CREATED',
        entityType: 'SESSION',
        entityId: session.id,
        ownerId,
        payload: session.get({ plain: true }),
        requestId,
      },
      transaction,
    );
    if (lead) await assignCreator(sequelize, transaction, { orgId: ownerId, sessionId: session.id, requestId }, lead);
    return session;
  });
}
