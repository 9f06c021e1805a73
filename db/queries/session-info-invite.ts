import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { Contact } from '../models/Contact';
import { type EmailTemplate } from '../models/EmailTemplate';
import { findEmailTemplate } from './email-templates';
import { contactErasedError } from './erased-contacts';
import { Session } from '../models/Session';
import { SessionContact } from '../models/SessionContact';
import { findStudio, type Studio } from './studios';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';

export const SESSION_INFO_INVITE_KEY = 'session-info-invite';

export interface InviteContext {
  session: Session;
  contact: Contact & { email: string };
  owner: Studio;
}

/**
 * The spec's preconditions, in order: the owner's session (else 404), a template attached (else
 * 409), a contact with an email (else 400): the session's main contact, or else the first of its
 * other contacts (/api/sessions/:id/contacts, in the order they were added) that has one. The api
 * checks them before starting the job, and the job checks them again at send time.
 */
export async function loadInviteContext(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
): Promise<InviteContext> {
  const session = await Session.findOne({ where: { id: sessionId, owner_id: ownerId } });
  if (!session) throw new NotFoundError('Session');
  const template = session.session_info_template_id
    ? await UserSessionInfoTemplate.findOne({ where: { id: session.session_info_template_id, owner_id: ownerId } })
    : null;
  if (!template)
    throw new ConflictError(
      'session_info_template_missing',
      'This session has no session info template: attach one before sending the invitation',
    );
  const main = session.contact_id
    ? await Contact.findOne({ where: { id: session.contact_id, owner_id: ownerId } })
    : null;
  const links = await SessionContact.findAll({
    where: { session_id: session.id },
    attributes: ['contact_id'],
    order: [
      ['created_at', 'ASC'],
      ['contact_id', 'ASC'],
    ],
  });
  const linked = await Contact.findAll({ where: { owner_id: ownerId, id: links.map((l) => l.contact_id) } });
  const others = links.map((l) => linked.find((c) => c.id === l.contact_id)).filter((c): c is Contact => Boolean(c));
  const known = [...(main ? [main] : []), ...others];
  // An erased contact is never invited (issue 31 §4): another contact of the session may be.
  const candidates = known.filter((c) => !c.erased_at);
  if (candidates.length === 0 && known.length > 0) throw contactErasedError();
  if (candidates.length === 0) throw new ValidationError('This session has no contact to invite');
  const contact = candidates.find((c) => c.email);
  if (!contact) throw new ValidationError("None of the session's contacts has an email address");
  const owner = await findStudio(sequelize, ownerId);
  return { session, contact: contact as Contact & { email: string }, owner };
}

/**
 * The email template: the one named by the task config when it is the owner's or a system one;
 * else the owner's session-info-invite in their locale; else the system one (fr-FR / en-US).
 */
export function findInviteTemplate(
  sequelize: Sequelize,
  ownerId: string,
  locale: string,
  emailTemplateId?: string | null,
): Promise<EmailTemplate | null> {
  return findEmailTemplate(sequelize, ownerId, locale, SESSION_INFO_INVITE_KEY, emailTemplateId);
}
