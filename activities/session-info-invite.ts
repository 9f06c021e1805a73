import { languageOf } from '../domain/accounts/locale-language';
import { type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/activity';
import { clientLinkBase } from '../domain/accounts/portal-host';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type loadClientFace } from '../db/queries/client-face';
import { type ensureClientAccount } from '../db/commands/ensure-client-account';
import { type issueMagicLink } from '../db/commands/issue-magic-link';
import { type findInviteTemplate, type loadInviteContext } from '../db/queries/session-info-invite';
import { studioHeadHtml } from '../domain/accounts/studio-head';
import { renderVariables } from '../domain/emails/render-variables';
import { DomainError, NotFoundError } from '../domain/errors';
import { readLogoDataUri } from '../lib/studio-logo';
import { type SessionInfoInviteActivities } from '../workflows/session-info/contract';
import { type Bound } from './db-deps';

/** The invitation's reads and writes (db/queries/session-info-invite.ts, client-face.ts, db/commands/magic-links.ts). */
export interface SessionInfoInviteDb {
  loadInviteContext: Bound<typeof loadInviteContext>;
  loadClientFace: Bound<typeof loadClientFace>;
  ensureClientAccount: Bound<typeof ensureClientAccount>;
  issueMagicLink: Bound<typeof issueMagicLink>;
  findInviteTemplate: Bound<typeof findInviteTemplate>;
}

export interface SessionInfoInviteDeps extends SessionInfoInviteDb {
  logger: Logger;
  mailer: Transporter;
  /** Reads the studio's logo, inlined at the head of the email. */
  s3: S3Client;
  bucket: string;
  mailFrom: string;
  /** Base of the portal link (APP_BASE_URL). */
  appBaseUrl: string;
  /** TENANT_BASE_URL: the studio's own host when its plan has the studio page. */
  tenantBaseUrl: string;
  magicLinkTtlMinutes: number;
}

/** Built-in wording when no session-info-invite template resolves for the owner (spec), per the client's language. */
const DEFAULTS = {
  'fr-FR': {
    subject: 'Préparons votre séance « {{session.title}} »',
    text: 'Bonjour {{contact.first_name}},\n\nMerci de compléter les informations de votre séance « {{session.title}} » :\n{{sessionInfoLink}}\n',
    html: '<p>Bonjour {{contact.first_name}},</p><p>Merci de compléter les informations de votre séance « {{session.title}} » :</p><p><a href="{{sessionInfoLink}}">{{sessionInfoLink}}</a></p>',
  },
  'en-US': {
    subject: 'Let\'s prepare your session "{{session.title}}"',
    text: 'Hi {{contact.first_name}},\n\nPlease fill in the details of your session "{{session.title}}":\n{{sessionInfoLink}}\n',
    html: '<p>Hi {{contact.first_name}},</p><p>Please fill in the details of your session "{{session.title}}":</p><p><a href="{{sessionInfoLink}}">{{sessionInfoLink}}</a></p>',
  },
} as const;

export function createSessionInfoInviteActivities(deps: SessionInfoInviteDeps): SessionInfoInviteActivities {
  return {
    async sendSessionInfoInvite({ jobRunId, payload }) {
      try {
        const { session, contact, owner } = await deps.loadInviteContext(payload.ownerId, payload.sessionId);
        // The client reads it: in the contact's language (else the studio's), under the studio's name and logo.
        const face = await deps.loadClientFace(owner.id, contact.id);
        if (!face) throw new NotFoundError('Session');
        const logoDataUri = await readLogoDataUri(deps, face.logoKey);
        const account = await deps.ensureClientAccount(contact);
        // A retried attempt issues a new link; only the email that is sent carries one, and the
        // message id below lets mail systems drop a duplicate send.
        const { token } = await deps.issueMagicLink(account.id, session.id, deps.magicLinkTtlMinutes);
        const link = `${clientLinkBase(owner, deps.appBaseUrl, deps.tenantBaseUrl)}/portal/session-info/${encodeURIComponent(token)}`;
        const variables = {
          'contact.first_name': contact.first_name ?? '',
          'session.title': session.title,
          sessionInfoLink: link,
          'studio.name': face.studioName,
        };
        const template = await deps.findInviteTemplate(payload.ownerId, face.locale, payload.emailTemplateId);
        const fallback = DEFAULTS[languageOf(face.locale)];
        const subject = renderVariables(template?.subject ?? fallback.subject, variables, 'text');
        const text = `${renderVariables(template?.body_text ?? fallback.text, variables, 'text').trimEnd()}\n\n${face.studioName}\n`;
        const head = studioHeadHtml({ studioName: face.studioName, logoDataUri });
        const html = `${head}${renderVariables(template?.body_html || fallback.html, variables, 'html')}`;
        await deps.mailer.sendMail({
          from: deps.mailFrom,
          to: contact.email,
          subject,
          text,
          html,
          messageId: `<session-info-invite-${jobRunId}@studio.local>`,
        });
        deps.logger.info(
          { jobRunId, sessionId: session.id, clientAccountId: account.id, locale: face.locale },
          'Session info invitation sent',
        );
        return {
          to: contact.email,
          clientAccountId: account.id,
          templateId: template?.id ?? null,
          locale: template?.locale ?? face.locale,
        };
      } catch (err) {
        if (err instanceof DomainError)
          throw ApplicationFailure.create({ type: err.code, message: err.message, nonRetryable: true });
        throw err;
      }
    },
  };
}
