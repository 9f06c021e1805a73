import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import crypto from 'node:crypto';
import { type RequestHandler } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { type z } from 'zod';
import { numberQuoteForSending } from '../../db/commands/number-quote-for-sending';
import { invoiceFromQuote } from '../../db/commands/invoice-from-quote';
import { issueInvoice } from '../../db/commands/issue-invoice';
import { makeEInvoiceXml } from '../../lib/facturx/e-invoice-gate';
import { type DocumentRow, type InvoiceRow, type QuoteRow } from '../../db/rows';
import { type DocumentProps } from '../../db/commands/invoicing-documents';
import { deleteDocument } from '../../db/commands/delete-document';
import { saveDocument } from '../../db/commands/save-document';
import { previewDocumentEmail } from '../../db/queries/document-email';
import { assertContactNotErased } from '../../db/queries/erased-contacts';
import { type DocumentKind, findDocument, listDocuments } from '../../db/queries/invoicing';
import { assertOwnSession } from '../../db/queries/sessions';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { downloadLink } from '../../lib/s3-links';
// Temporal names (workflow types, queues, job names) keep the word "billing": running workflows and saved histories depend on them.
import { DOCUMENT_EMAIL_JOB, DOCUMENT_PDF_JOB, type DocumentPdf } from '../../workflows/invoicing/contract';
import { type PageQuery } from '../http/common-schemas';
import { type createRouteKit, type RouteContext } from '../http/route-kit';
import { keptFileLink } from '../../services/invoicing/kept-pdf';
import { presentDocument } from './presenter';
import { type ExportQuery, IdempotencyKey, type PreviewEmailBody, type SendEmailBody } from './schema';

/**
 * Quotes and invoices: /api/quotes, /api/invoices, and the same scoped to one session under
 * /api/sessions/:sessionId/quotes-invoices/{quotes,invoices} (spec: Invoicing): CRUD, pdf, email
 * preview and send (docs/invoicing.md).
 */
export interface InvoicingRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  publicS3: S3Client;
  config: Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS' | 'EXPORT_SYNC_TIMEOUT_SECONDS' | 'CHROMIUM_PATH'>;
  kit: ReturnType<typeof createRouteKit>;
  /** The per-user limit on email sends (RATE_LIMIT_EMAIL_SEND), shared with the session info invitations. */
  emailLimit: RequestHandler;
}

/** Path parameters: the session of a scoped route (absent on /api/quotes and /api/invoices), and the document. */
export type Scope = { sessionId?: string };
export type DocScope = Scope & { id: string };
export type Ctx<P, Q = unknown, B = unknown> = Pick<
  RouteContext<P, Q, B>,
  'req' | 'user' | 'params' | 'query' | 'body'
>;

/**
 * The handlers of one kind of document, shared by its unscoped and session-scoped routes (the
 * routes themselves are written out in quotes-router.ts and invoices-router.ts, one registration per path).
 */
export type DocumentHandlers = ReturnType<typeof documentHandlers>;

export function documentHandlers(kind: DocumentKind, deps: InvoicingRouterDeps) {
  const { sequelize, temporal, publicS3, config } = deps;
  /** The path's session when there is one: the caller's, or 404. */
  const sessionOf = async (p: Scope, ownerId: string) => {
    if (!p.sessionId) return undefined;
    await assertOwnSession(sequelize, ownerId, p.sessionId);
    return p.sessionId;
  };
  /** The caller's document; on a scoped path, one of that session's (another session's reads as not found). */
  const inScope = async (id: string, ownerId: string, sessionId?: string) => {
    const document = await findDocument(sequelize, kind, id, ownerId);
    if (sessionId && document.session_id !== sessionId) throw new NotFoundError(kind === 'quote' ? 'Quote' : 'Invoice');
    return document;
  };
  // One render per version of the document and format: asking again for an unchanged one finds the same job.
  // An issued invoice's pdf is the one rendered at issue and kept (issue 20 §3), whatever changed since (payments).
  const fileLink = async (
    document: DocumentRow,
    user: { id: string; orgId: string },
    format: 'pdf' | 'docx',
    requestId?: string,
  ) => {
    if (kind === 'invoice' && format === 'pdf' && document.status !== 'DRAFT') {
      return keptFileLink(deps, 'invoice', document as InvoiceRow, user, requestId);
    }
    if (format === 'pdf') assertPdfRenderer(config.CHROMIUM_PATH);
    const key = `${kind}:${document.id}:${document.updated_at.getTime()}${format === 'pdf' ? '' : ':docx'}`;
    const run = await startJob(
      sequelize,
      temporal,
      DOCUMENT_PDF_JOB,
      key,
      { kind, documentId: document.id, ownerId: user.id, ...(format === 'pdf' ? {} : { format }) },
      { orgId: user.orgId, userId: user.id, entityId: document.id, requestId },
    );
    const file = await waitForJob<DocumentPdf>(temporal, run, {
      seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
      what: format,
      gone: format,
    });
    return downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS);
  };

  return {
    list: async ({ user, query, params }: Ctx<Scope, z.infer<typeof PageQuery>>) => {
      const sessionId = await sessionOf(params, user.id);
      const page = await listDocuments(sequelize, kind, user.id, query, sessionId);
      return { ...page, items: page.items.map((d) => presentDocument(kind, d, user.timeZone)) };
    },

    create: async ({ user, body, params, req }: Ctx<Scope, unknown, DocumentProps>) => {
      const sessionId = await sessionOf(params, user.id);
      return presentDocument(
        kind,
        await saveDocument(
          sequelize,
          kind,
          user.id,
          null,
          { ...body, ...(sessionId ? { session_id: sessionId } : {}) },
          req.requestId,
        ),
        user.timeZone,
      );
    },

    read: async ({ user, params }: Ctx<DocScope>) => {
      const sessionId = await sessionOf(params, user.id);
      return presentDocument(kind, await inScope(params.id, user.id, sessionId), user.timeZone);
    },

    update: async ({ user, params, body, req }: Ctx<DocScope, unknown, DocumentProps>) => {
      const sessionId = await sessionOf(params, user.id);
      await inScope(params.id, user.id, sessionId);
      return presentDocument(
        kind,
        await saveDocument(sequelize, kind, user.id, params.id, body, req.requestId),
        user.timeZone,
      );
    },

    pdf: async ({ user, params, req }: Ctx<DocScope>) => {
      const sessionId = await sessionOf(params, user.id);
      return fileLink(await inScope(params.id, user.id, sessionId), user, 'pdf', req.requestId);
    },

    /** pdf or docx, as the query asks (unscoped invoices only). */
    exportFile: async ({ user, params, query, req }: Ctx<DocScope, z.infer<typeof ExportQuery>>) =>
      fileLink(await inScope(params.id, user.id), user, query.format, req.requestId),

    previewEmail: async ({ user, params, body }: Ctx<DocScope, unknown, z.infer<typeof PreviewEmailBody>>) => {
      const sessionId = await sessionOf(params, user.id);
      return previewDocumentEmail(
        sequelize,
        kind,
        await inScope(params.id, user.id, sessionId),
        user,
        body?.email_template_id,
      );
    },

    sendEmail: async ({ user, params, body, req }: Ctx<DocScope, unknown, z.infer<typeof SendEmailBody>>) => {
      const sessionId = await sessionOf(params, user.id);
      let document = await inScope(params.id, user.id, sessionId);
      // Nothing is sent about an erased client (issue 31 §4), and nothing is numbered or issued for one.
      await assertContactNotErased(sequelize, user.id, document.contact_id);
      if (body.attach_pdf) assertPdfRenderer(config.CHROMIUM_PATH);
      // A draft invoice is issued before it is sent: what the client receives carries its legal number.
      if (kind === 'invoice' && document.status === 'DRAFT') {
        await issueInvoice(sequelize, makeEInvoiceXml, user.id, document.id, req.requestId);
        document = await inScope(params.id, user.id, sessionId);
      }
      // A quote gets its number before its first send, so the pdf the client receives carries it.
      if (kind === 'quote' && !(document as QuoteRow).number) {
        await numberQuoteForSending(sequelize, user.id, document.id);
        document = await inScope(params.id, user.id, sessionId);
      }
      // The preview resolves the template and the client's address now, so a missing one is a 400 here, not a failed job.
      const preview = await previewDocumentEmail(sequelize, kind, document, user, body.email_template_id);
      const to = body.to ?? (preview.to ? [preview.to] : []);
      if (to.length === 0) throw new ValidationError('No recipient: give `to`, or set an email on the client');
      const header = req.get('idempotency-key');
      const requestKey = header ? `${user.id}:${IdempotencyKey.parse(header)}` : crypto.randomUUID();
      const run = await startJob(
        sequelize,
        temporal,
        DOCUMENT_EMAIL_JOB,
        requestKey,
        {
          kind,
          documentId: document.id,
          ownerId: user.id,
          to: [...new Set(to.map((a) => a.toLowerCase()))],
          subject: body.subject ?? null,
          message: body.message ?? null,
          emailTemplateId: body.email_template_id ?? null,
          attachPdf: body.attach_pdf,
          requestKey,
        },
        { orgId: user.orgId, userId: user.id, entityId: document.id, requestId: req.requestId },
      );
      return { jobRunId: run.id, status: run.status, requestKey };
    },

    /** POST .../accept: the client said yes (QUOTE_STATUS_CHANGED, a number if it had none); again: unchanged. */
    accept: async ({ user, params, req }: Ctx<DocScope>) => {
      const sessionId = await sessionOf(params, user.id);
      const document = await inScope(params.id, user.id, sessionId);
      if (document.status === 'REJECTED')
        throw new ConflictError('quote_rejected', 'This quote was refused: write a new one');
      // Accepted already (by the studio, or signed by the client): answered as it is.
      if (document.status === 'ACCEPTED') return presentDocument(kind, document, user.timeZone);
      return presentDocument(
        kind,
        await saveDocument(sequelize, kind, user.id, document.id, { status: 'ACCEPTED' }, req.requestId),
        user.timeZone,
      );
    },

    /** POST .../invoice: a draft invoice with the quote's lines. */
    invoice: async ({ user, params, req }: Ctx<DocScope>) => {
      const sessionId = await sessionOf(params, user.id);
      await inScope(params.id, user.id, sessionId);
      const invoice = await invoiceFromQuote(sequelize, user.id, params.id, req.requestId);
      return presentDocument('invoice', await findDocument(sequelize, 'invoice', invoice.id, user.id), user.timeZone);
    },

    remove: async ({ user, params, req }: Ctx<DocScope>) => {
      const sessionId = await sessionOf(params, user.id);
      await inScope(params.id, user.id, sessionId);
      await deleteDocument(sequelize, kind, user.id, params.id, req.requestId);
    },
  };
}
