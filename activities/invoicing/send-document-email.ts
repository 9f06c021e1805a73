import { languageOf } from '../../domain/accounts/locale-language';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type recordDocumentEmailFailed, type recordDocumentSent } from '../../db/commands/document-sent';
import { type wasEmailSent } from '../../db/queries/document-sent';
import { type findDocument } from '../../db/queries/invoicing';
import { type loadClientFace } from '../../db/queries/client-face';
import { type findStudio } from '../../db/queries/studios';
import { type previewDocumentEmail } from '../../db/queries/document-email';
import { clientLocale } from '../../domain/accounts/client-locale';
import { studioHeadHtml } from '../../domain/accounts/studio-head';
import { renderVariables } from '../../domain/emails/render-variables';
import { DomainError } from '../../domain/errors';
import { signDownloadLink } from '../../lib/s3-links';
import { readLogoDataUri } from '../../lib/studio-logo';
import {
  type DocumentEmailActivities,
  type DocumentEmailPayload,
  type DocumentPdf,
} from '../../workflows/invoicing/contract';
import { type UserLocale } from '../../domain/accounts/users';
import { type Bound } from '../db-deps';
import { type PortalLinkDb, type PortalLinkSettings, portalDocumentLink } from '../client-portal/portal-document-link';
import { linkRecipients } from '../../domain/client-portal/link-recipients';

/** The document, its email and the records of the send (db/commands/document-sent.ts). */
export interface DocumentEmailDb extends PortalLinkDb {
  findDocument: Bound<typeof findDocument>;
  wasEmailSent: Bound<typeof wasEmailSent>;
  findStudio: Bound<typeof findStudio>;
  loadClientFace: Bound<typeof loadClientFace>;
  previewDocumentEmail: Bound<typeof previewDocumentEmail>;
  recordDocumentSent: Bound<typeof recordDocumentSent>;
  recordDocumentEmailFailed: Bound<typeof recordDocumentEmailFailed>;
}

export interface DocumentEmailDeps extends DocumentEmailDb, PortalLinkSettings {
  logger: Logger;
  s3: S3Client;
  /** Signs the link put in the email when the pdf is not attached (S3_PUBLIC_ENDPOINT). */
  publicS3: S3Client;
  bucket: string;
  /** Lifetime of a mailed link (EXPORT_EMAIL_LINK_TTL_SECONDS, a week at most). */
  linkTtlSeconds: number;
  mailer: Transporter;
  mailFrom: string;
}

const LINK_LABEL = { 'fr-FR': 'Télécharger le document', 'en-US': 'Download the document' } as const;
/** The portal link's words (issue 31 §1): the client reads, signs or pays there. */
const PORTAL_LABEL = {
  quote: { 'fr-FR': 'Consulter et signer le devis en ligne', 'en-US': 'Read and sign the quote online' },
  invoice: { 'fr-FR': 'Consulter et régler la facture en ligne', 'en-US': 'View and pay the invoice online' },
} as const;

type Payload = DocumentEmailPayload;
type Face = Awaited<ReturnType<DocumentEmailDb['loadClientFace']>>;
type Owner = Awaited<ReturnType<DocumentEmailDb['findStudio']>>;
type Document = Awaited<ReturnType<DocumentEmailDb['findDocument']>>;
type Attachment = { filename: string; content: Buffer; contentType: string };

/** The email's subject and words: the template's (or the one asked), under the studio's head, after the studio's own message. */
async function emailContent(
  deps: DocumentEmailDeps,
  { payload, document, owner, face }: { payload: Payload; document: Document; owner: Owner; face: Face },
): Promise<{ subject: string; text: string; html: string }> {
  const email = await deps.previewDocumentEmail(
    payload.kind,
    document,
    { id: owner.id, locale: owner.locale, timeZone: owner.time_zone },
    payload.emailTemplateId,
  );
  const subject = payload.subject?.trim() || email.subject;
  let text = email.text;
  let html = email.html;
  if (face)
    html = `${studioHeadHtml({ studioName: face.studioName, logoDataUri: await readLogoDataUri(deps, face.logoKey) })}${html}`;
  if (payload.message?.trim()) {
    text = `${payload.message.trim()}\n\n${text}`;
    html = `<p style="white-space:pre-line">${renderVariables('{{m}}', { m: payload.message.trim() }, 'html')}</p>${html}`;
  }
  return { subject, text, html };
}

/** The pdf attached, or else its signed link added under the words, in the client's language. */
async function withPdf(
  deps: DocumentEmailDeps,
  { payload, pdf, locale }: { payload: Payload; pdf: DocumentPdf; locale: UserLocale },
  content: { text: string; html: string },
): Promise<{ text: string; html: string; attachments: Attachment[] }> {
  if (payload.attachPdf) {
    const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: pdf.key }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    return { ...content, attachments: [{ filename: pdf.filename, content: bytes, contentType: 'application/pdf' }] };
  }
  const url = await signDownloadLink(deps.publicS3, deps.bucket, pdf.key, deps.linkTtlSeconds, pdf.filename);
  const label = LINK_LABEL[languageOf(locale)];
  return {
    text: `${content.text}\n\n${label}: ${url}\n`,
    html: `${content.html}<p><a href="${renderVariables('{{u}}', { u: url }, 'html')}">${label}</a></p>`,
    attachments: [],
  };
}

/**
 * Mails the document. The client's own link to it in the portal, when the client is among the
 * recipients, signs its holder in as the client: only the client's own message carries it;
 * anyone else mailed the document gets a message of their own without it (issue 40 §12).
 */
async function mailDocument(
  deps: DocumentEmailDeps,
  {
    payload,
    document,
    locale,
    messageId,
  }: { payload: Payload; document: Document; locale: UserLocale; messageId: string },
  mail: { subject: string; text: string; html: string; attachments: Attachment[] },
): Promise<void> {
  const { kind, ownerId, documentId } = payload;
  const portal = await portalDocumentLink(deps, {
    ownerId,
    contactId: document.contact_id,
    kind,
    documentId,
    recipients: payload.to,
  });
  const { client, others } = linkRecipients(payload.to, portal?.clientEmail ?? null);
  const { text, html } = mail;
  const message = { from: deps.mailFrom, subject: mail.subject, attachments: mail.attachments };
  if (portal && client.length > 0) {
    const label = PORTAL_LABEL[kind][languageOf(locale)];
    await deps.mailer.sendMail({
      ...message,
      to: client,
      text: `${text}\n\n${label}: ${portal.url}\n`,
      html: `${html}<p><a href="${renderVariables('{{u}}', { u: portal.url }, 'html')}">${label}</a></p>`,
      messageId,
    });
  }
  if (!portal || others.length > 0)
    await deps.mailer.sendMail({
      ...message,
      to: portal ? others : payload.to,
      text,
      html,
      // The copy's own Message-ID when the client's message went too, the same on every attempt.
      messageId: portal ? messageId.replace(/@/, '-copy@') : messageId,
    });
}

/** Sends a quote or invoice (pdf attached or linked) and records it: tracking, status, audit, outbox. */
export function createDocumentEmailActivities(deps: DocumentEmailDeps): DocumentEmailActivities {
  return {
    async sendDocumentEmail({ jobRunId, payload, pdf }) {
      const { kind, documentId, ownerId, requestKey } = payload;
      // The same request's Message-ID on every attempt: a receiving system can drop a duplicate.
      const messageId = `<billing-${kind}-${requestKey.replace(/[^\w.-]/g, '_')}@studio.local>`;
      try {
        const document = await deps.findDocument(kind, documentId, ownerId);
        if (!(await deps.wasEmailSent(requestKey))) {
          const owner = await deps.findStudio(ownerId);
          // The client's language (the document's contact, else the studio's), under the studio's name and logo.
          const face = await deps.loadClientFace(ownerId, document.contact_id);
          const locale = face?.locale ?? clientLocale(null, owner);
          const { subject, ...content } = await emailContent(deps, { payload, document, owner, face });
          const mail = { subject, ...(await withPdf(deps, { payload, pdf, locale }, content)) };
          await mailDocument(deps, { payload, document, locale, messageId }, mail);
          const { status } = await deps.recordDocumentSent(kind, ownerId, documentId, {
            recipients: payload.to,
            subject,
            templateKey: kind === 'quote' ? 'quote-sent' : 'invoice-sent',
            messageId,
            requestKey,
            jobRunId,
          });
          deps.logger.info(
            { jobRunId, kind, documentId, recipients: payload.to.length, status },
            'Document email sent',
          );
          return { to: payload.to, messageId, status };
        }
        return { to: payload.to, messageId, status: document.status };
      } catch (err) {
        if (err instanceof DomainError)
          throw ApplicationFailure.create({ type: err.code, message: err.message, nonRetryable: true });
        throw err;
      }
    },
    async recordDocumentEmailFailed({ jobRunId, payload, error }) {
      if (await deps.wasEmailSent(payload.requestKey)) return;
      await deps.recordDocumentEmailFailed(payload.kind, payload.ownerId, payload.documentId, {
        recipients: payload.to,
        requestKey: payload.requestKey,
        jobRunId,
        error,
      });
      deps.logger.warn(
        { jobRunId, kind: payload.kind, documentId: payload.documentId, recipients: payload.to.length },
        'Document email failed',
      );
    },
  };
}
