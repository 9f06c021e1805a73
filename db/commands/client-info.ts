import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { type ClientInfoSource } from '../../domain/session-info/client-info-sources';
import { validateResponses } from '../../domain/session-info/validate-responses';
import { ClientInfo } from '../models/ClientInfo';
import { Session } from '../models/Session';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { type ClientInfoView, readClientInfo, templateOf } from '../queries/client-info';
import { findOwned } from '../queries/owned';
import { recordDomainEvent } from './record-domain-event';

export interface SaveClientInfo {
  sessionId: string;
  ownerId: string;
  /** Owner side only: attaches this (owned) template to the session first. */
  templateId?: string;
  responses: Record<string, unknown>;
  via: ClientInfoSource;
  requestId?: string;
}

/**
 * Validates the answers against the session's template and saves them, creating the row on the
 * first save; SESSION_INFO_SUBMITTED goes to the outbox in the same transaction.
 */
export async function saveClientInfo(sequelize: Sequelize, input: SaveClientInfo): Promise<ClientInfoView> {
  await sequelize.transaction(async (transaction) => {
    const session = await findOwned(sequelize, Session, 'Session', input.sessionId, input.ownerId, {
      transaction,
      lock: true,
    });
    if (input.templateId && input.templateId !== session.session_info_template_id) {
      const owned = await UserSessionInfoTemplate.findOne({
        where: { id: input.templateId, owner_id: input.ownerId },
        transaction,
      });
      if (!owned) throw new NotFoundError('Session info template');
      await session.update({ session_info_template_id: owned.id }, { transaction });
    }
    const template = await templateOf(session, transaction);
    if (!template)
      throw new ConflictError(
        'session_info_template_missing',
        'This session has no session info template: attach one first',
      );
    const checked = validateResponses(template.fields ?? [], input.responses);
    if (!checked.ok) throw new ValidationError('Some answers are not valid', checked.errors);
    const now = new Date();
    const values = {
      template_id: template.id,
      responses: checked.responses,
      submitted_via: input.via,
      submitted_at: now,
    };
    const row = await ClientInfo.findOne({
      where: { session_id: session.id },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (row) await row.update(values, { transaction });
    else await ClientInfo.create({ session_id: session.id, ...values }, { transaction });
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'SESSION_INFO_SUBMITTED',
        entityType: 'SESSION',
        entityId: session.id,
        ownerId: session.owner_id,
        payload: {
          session_id: session.id,
          template_id: template.id,
          submitted_via: input.via,
          responses: checked.responses,
          contact_id: session.contact_id,
        },
        requestId: input.requestId,
      },
      transaction,
    );
  });
  return readClientInfo(sequelize, input.sessionId, input.ownerId);
}
