import { Op, type Transaction } from 'sequelize';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { sessionTypeDefaults } from '../../domain/sessions/session-type-defaults';
import { Contact } from '../models/Contact';
import { contactErasedError } from '../queries/erased-contacts';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionType } from '../models/UserSessionType';

export interface SessionProps {
  title?: string;
  status?: SessionStatus;
  start_date?: Date | null;
  end_date?: Date | null;
  location?: string | null;
  notes?: string | null;
  contact_id?: string | null;
  user_rate_id?: string | null;
  session_info_template_id?: string | null;
  user_session_type_id?: string | null;
}

/**
 * A session may only point at the owner's own contact; another user's id reads as unknown. An
 * erased contact is refused (409 contact_erased) unless the session already points at it
 * (`current`): its sessions keep their client, nothing new is attached to it.
 */
export async function assertOwnContact(
  contactId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
  current?: string | null,
): Promise<void> {
  if (!contactId) return;
  const found = await Contact.findOne({
    where: { id: contactId, owner_id: ownerId },
    attributes: ['id', 'erased_at'],
    transaction,
    lock: transaction.LOCK.SHARE,
  });
  if (!found)
    throw new ValidationError('contact_id does not match any of your contacts', [
      { path: 'contact_id', message: 'unknown contact' },
    ]);
  if (found.erased_at && contactId !== current) throw contactErasedError();
}

/**
 * A session's questionnaire must be one of the owner's templates: another's reads as not found.
 * Attaching asks for no answers; required fields are checked when answers are submitted.
 */
export async function assertOwnTemplate(
  templateId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
): Promise<void> {
  if (!templateId) return;
  const found = await UserSessionInfoTemplate.count({ where: { id: templateId, owner_id: ownerId }, transaction });
  if (!found) throw new NotFoundError('Session info template');
}

/**
 * A session's type: a system type (owner NULL) or one of the owner's own; another studio's reads
 * as not found. The type's default workflow comes with it (as setSessionType does), so its events
 * and trigger conditions on `user_session_type.*` see it.
 */
export async function typeDefaults(
  typeId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
): Promise<{ workflow_id?: string; session_info_template_id?: string }> {
  if (typeId === undefined || typeId === null) return {};
  const type = await UserSessionType.findOne({
    where: { id: typeId, [Op.or]: [{ owner_id: null }, { owner_id: ownerId }] },
    transaction,
  });
  if (!type) throw new NotFoundError('Session type');
  // A system type's questionnaire is not the studio's: only the studio's own types bring one.
  return sessionTypeDefaults(type);
}
