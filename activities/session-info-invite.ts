import { ApplicationFailure } from '@temporalio/activity';
import { clientLinkBase } from '../domain/accounts/portal-host';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { ensureClientAccount, issueMagicLink } from '../db/commands/magic-links';
import { findInviteTemplate, loadInviteContext } from '../db/queries/session-info-invite';
import { renderVariables } from '../domain/emails/render-variables';
import { DomainError } from '../domain/errors';
import { type SessionInfoInviteActivities } from '../workflows/session-info/contract';

export interface SessionInfoInviteDeps {
  logger: Logger;
  mailer: Transporter;
  mailFrom: string;
  /** Base of the portal link (APP_BASE_URL). */
  appBaseUrl: string;
  /** TENANT_BASE_URL: the studio's own host when its plan has the studio page. */
  tenantBaseUrl: string;
  magicLinkTtlMinutes: number;
}

/** Built-in wording when no session-info-invite template resolves for the owner (spec). */
const DEFAULTS = {
  'fr-FR': {
    subject: 'Préparons votre séance « {{session.title}} »',
    text: 'Bonjour {{contact.first_name}},\n\nMerci de compléter les informations de votre séance « {{session.title}} » :\n{{sessionInfoLink}}\n',
  },
  'en-US': {
    subject: 'Let\'s prepare your session "{{session.title}}"',
    text: 'Hi {{contact.first_name}},\n\nPlease fill in the details of your session "{{session.title}}":\n{{sessionInfoLink}}\n',
  },
} as const;

export function createSessionInfoInviteActivities(deps: SessionInfoInviteDeps): SessionInfoInviteActivities {
  return {
    async sendSessionInfoInvite({ jobRunId, payload }) {
      try {
        const { session, contact, owner } = await loadInviteContext(payload.ownerId, payload.sessionId);
        const account = await ensureClientAccount(contact);
        // A retried attempt issues a new link; only the email that is sent carries one, and the
        // message id below lets mail systems drop a duplicate send.
        const { token } = await issueMagicLink(account.id, session.id, deps.magicLinkTtlMinutes);
        const link = `${clientLinkBase(owner, deps.appBaseUrl, deps.tenantBaseUrl)}/portal/session-info/${encodeURIComponent(token)}`;
        const variables = { 'contact.first_name': contact.first_name ?? '', 'session.title': session.title, sessionInfoLink: link };
        const template = await findInviteTemplate(payload.ownerId, owner.locale, payload.emailTemplateId);
        const fallback = DEFAULTS[owner.locale === 'en-US' ? 'en-US' : 'fr-FR'];
        const subject = renderVariables(template?.subject ?? fallback.subject, variables, 'text');
        const text = renderVariables(template?.body_text ?? fallback.text, variables, 'text');
        const html = template ? renderVariables(template.body_html, variables, 'html') : undefined;
        await deps.mailer.sendMail({ from: deps.mailFrom, to: contact.email, subject, text, html, messageId: `<session-info-invite-${jobRunId}@studio.local>` });
        deps.logger.info({ jobRunId, sessionId: session.id, clientAccountId: account.id }, 'Session info invitation sent');
        return { to: contact.email, clientAccountId: account.id, templateId: template?.id ?? null, locale: template?.locale ?? owner.locale };
      } catch (err) {
        if (err instanceof DomainError) throw ApplicationFailure.create({ type: err.code, message: err.message, nonRetryable: true });
        throw err;
      }
    },
  };
}
