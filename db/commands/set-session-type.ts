import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { Session } from '../models/Session';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionType } from '../models/UserSessionType';
import { findOwned } from '../queries/owned';

export interface SessionTypeProps {
  /** A system default type (owner_id NULL) or one of the owner's own types. */
  userSessionTypeId: string;
  /** One of the owner's session-info templates, or null for none. */
  sessionInfoTemplateId: string | null;
}

/**
 * Gives session `sessionId` its type, the type's default workflow and a session-info template,
 * in one transaction. Types and templates of another user read as unknown.
 */
export async function setSessionType(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
  props: SessionTypeProps,
): Promise<Session> {
  return sequelize.transaction(async (transaction) => {
    const session = await findOwned(sequelize, Session, 'Session', sessionId, ownerId, { transaction, lock: true });
    const type = await UserSessionType.findOne({
      where: { id: props.userSessionTypeId, [Op.or]: [{ owner_id: null }, { owner_id: ownerId }] },
      transaction,
    });
    if (!type)
      throw new ValidationError('user_session_type_id does not match any session type', [
        { path: 'user_session_type_id', message: 'unknown session type' },
      ]);
    if (props.sessionInfoTemplateId) {
      const found = await UserSessionInfoTemplate.count({
        where: { id: props.sessionInfoTemplateId, owner_id: ownerId },
        transaction,
      });
      if (!found)
        throw new ValidationError('session_info_template_id does not match any of your templates', [
          { path: 'session_info_template_id', message: 'unknown template' },
        ]);
    }
    session.set({
      user_session_type_id: type.id,
      workflow_id: type.default_workflow_id,
      session_info_template_id: props.sessionInfoTemplateId,
    });
    return session.save({ transaction });
  });
}
