import { type Sequelize } from 'sequelize-typescript';
import { Session } from '../models/Session';
import { recordDomainEvent } from './record-domain-event';
import { assertOwnContact, assertOwnTemplate, type SessionProps, typeDefaults } from './sessions';

/** Creates a session and its SESSION_CREATED event in one transaction. */
export async function createSession(
  sequelize: Sequelize,
  ownerId: string,
  props: SessionProps & { title: string },
  requestId?: string,
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
    return session;
  });
}
