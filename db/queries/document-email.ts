import { type Sequelize } from 'sequelize-typescript';
import { Contact } from '../models/Contact';
import { type Invoice } from '../models/Invoice';
import { type Quote } from '../models/Quote';
import { findEmailTemplate } from './email-templates';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { ValidationError } from '../../domain/errors';
import { renderVariables } from '../../domain/emails/render-variables';
import { documentMessageVariables, type MessageDocument } from '../../domain/invoicing/document-variables';

export interface EmailPreview {
  to: string | null;
  subject: string;
  html: string;
  text: string;
  templateId: string;
}

/**
 * The email a quote or invoice would be sent with: the owner's `quote-sent` / `invoice-sent`
 * template (or the one named), variables filled in (escaped in the html), in the language of the
 * client it goes to (the contact's locale, else the studio's): the template in that language,
 * amounts and dates written for it. Nothing is sent or stored.
 */
export async function previewDocumentEmail(
  sequelize: Sequelize,
  kind: 'quote' | 'invoice',
  document: Quote | Invoice,
  owner: { id: string; locale: UserLocale; timeZone: string },
  emailTemplateId?: string | null,
): Promise<EmailPreview> {
  const contact = document.contact_id
    ? await Contact.findOne({ where: { id: document.contact_id, owner_id: owner.id } })
    : null;
  const locale = clientLocale(contact, owner);
  const template = await findEmailTemplate(
    sequelize,
    owner.id,
    locale,
    kind === 'quote' ? 'quote-sent' : 'invoice-sent',
    emailTemplateId,
  );
  if (!template) throw new ValidationError(`No ${kind} email template exists; create one or restore the defaults`);
  const variables: Record<string, string> = {
    'contact.first_name': contact?.first_name ?? '',
    ...documentMessageVariables(kind, document.get({ plain: true }) as MessageDocument, locale, owner.timeZone),
  };
  return {
    to: contact?.email ?? null,
    subject: renderVariables(template.subject, variables, 'text'),
    html: renderVariables(template.body_html, variables, 'html'),
    text: renderVariables(template.body_text ?? '', variables, 'text'),
    templateId: template.id,
  };
}
