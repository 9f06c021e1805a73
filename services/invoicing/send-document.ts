import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { issueInvoice } from './issue-invoice';
import { numberQuoteForSending } from '../../db/commands/number-quote-for-sending';
import { previewDocumentEmail } from '../../db/queries/document-email';
import { assertContactNotErased } from '../../db/queries/erased-contacts';
import { type DocumentKind, findDocument } from '../../db/queries/invoicing';
import { type QuoteRow } from '../../db/rows';
import { type UserLocale } from '../../domain/accounts/users';
import { ValidationError } from '../../domain/errors';
import { type Config } from '../../lib/config';
import { checkEInvoiceXml } from '../../lib/facturx/e-invoice-gate';
import { startJob } from '../../lib/jobs/start-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { DOCUMENT_EMAIL_JOB } from '../../workflows/invoicing/contract';

/** The studio user sending: the owner, the org its job runs under, the language and calendar of the preview. */
type Sender = { id: string; orgId: string; locale: UserLocale; timeZone: string };

/** What the studio asked to send: recipients, subject, message, template, the pdf attached or not. */
export interface SendRequest {
  to?: string[];
  subject?: string;
  message?: string;
  attach_pdf: boolean;
  email_template_id?: string | null;
  /** The job's key: a retried request (same Idempotency-Key) meets the first one's job. */
  requestKey: string;
}

/**
 * Sends a quote or invoice to its client by a durable job. Nothing is sent about an erased client
 * (issue 31 §4), and nothing is numbered or issued for one. A draft invoice is issued first, and a
 * quote gets its number before its first send, so what the client receives carries its legal
 * number. The preview resolves the template and the client's address now, so a missing one is a
 * 400 here, not a failed job.
 */
export async function sendDocumentEmail(
  sequelize: Sequelize,
  deps: { temporal: Client; config: Pick<Config, 'CHROMIUM_PATH'> },
  kind: DocumentKind,
  user: Sender,
  found: Awaited<ReturnType<typeof findDocument>>,
  request: SendRequest,
  requestId?: string,
) {
  let document = found;
  await assertContactNotErased(sequelize, user.orgId, document.contact_id);
  if (request.attach_pdf) assertPdfRenderer(deps.config.CHROMIUM_PATH);
  if (kind === 'invoice' && document.status === 'DRAFT') {
    await issueInvoice(sequelize, checkEInvoiceXml, user.orgId, document.id, requestId);
    document = await findDocument(sequelize, kind, document.id, user.orgId);
  }
  if (kind === 'quote' && !(document as QuoteRow).number) {
    await numberQuoteForSending(sequelize, user.orgId, document.id);
    document = await findDocument(sequelize, kind, document.id, user.orgId);
  }
  const preview = await previewDocumentEmail(sequelize, kind, document, user, request.email_template_id);
  const to = request.to ?? (preview.to ? [preview.to] : []);
  if (to.length === 0) throw new ValidationError('No recipient: give `to`, or set an email on the client');
  const { requestKey } = request;
  const run = await startJob(
    sequelize,
    deps.temporal,
    DOCUMENT_EMAIL_JOB,
    requestKey,
    {
      kind,
      documentId: document.id,
      ownerId: user.orgId,
      to: [...new Set(to.map((a) => a.toLowerCase()))],
      subject: request.subject ?? null,
      message: request.message ?? null,
      emailTemplateId: request.email_template_id ?? null,
      attachPdf: request.attach_pdf,
      requestKey,
    },
    { orgId: user.orgId, userId: user.id, entityId: document.id, requestId },
  );
  return { jobRunId: run.id, status: run.status, requestKey };
}
