import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import crypto from 'node:crypto';
import { type RequestHandler, Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { type z, type ZodType } from 'zod';
import { deleteDocument, type DocumentKind, type DocumentProps, findDocument, saveDocument } from '../../db/commands/billing-documents';
import { Invoice } from '../../db/models/Invoice';
import { InvoiceItem } from '../../db/models/InvoiceItem';
import { Quote } from '../../db/models/Quote';
import { QuoteItem } from '../../db/models/QuoteItem';
import { Session } from '../../db/models/Session';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { downloadLink } from '../../lib/s3-links';
import { DOCUMENT_EMAIL_JOB, DOCUMENT_PDF_JOB, type DocumentPdf } from '../../workflows/billing/contract';
import { IdParams, PageQuery } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { previewDocumentEmail } from '../../db/queries/document-email';
import { presentDocument } from './presenter';
import { CreateInvoiceBody, CreateQuoteBody, ExportQuery, IdempotencyKey, PreviewEmailBody, SendEmailBody, SessionDocParams, SessionScopeParams, UpdateInvoiceBody, UpdateQuoteBody } from './schema';

// Each kind's schemas, seen through the props they produce (the routes below are the same for both).
const KINDS: Record<DocumentKind, { plural: string; model: typeof Quote | typeof Invoice; item: typeof QuoteItem | typeof InvoiceItem; create: ZodType<DocumentProps>; update: ZodType<DocumentProps> }> = {
  quote: { plural: 'quotes', model: Quote, item: QuoteItem, create: CreateQuoteBody, update: UpdateQuoteBody },
  invoice: { plural: 'invoices', model: Invoice, item: InvoiceItem, create: CreateInvoiceBody, update: UpdateInvoiceBody },
};

async function assertOwnedSession(sessionId: string, ownerId: string) {
  if ((await Session.count({ where: { id: sessionId, owner_id: ownerId } })) === 0) throw new NotFoundError('Session');
}

/**
 * Quotes and invoices: /api/quotes, /api/invoices, and the same scoped to one session under
 * /api/sessions/:sessionId/quotes-invoices/{quotes,invoices} (spec: Invoicing): CRUD, pdf, email
 * preview and send (docs/invoicing.md).
 */
export interface BillingRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  publicS3: S3Client;
  config: Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS' | 'EXPORT_SYNC_TIMEOUT_SECONDS' | 'CHROMIUM_PATH'>;
  kit: ReturnType<typeof createRouteKit>;
  /** The per-user limit on email sends (RATE_LIMIT_EMAIL_SEND), shared with the session info invitations. */
  emailLimit: RequestHandler;
}

export function buildBillingRouter({ sequelize, temporal, publicS3, config, kit, emailLimit }: BillingRouterDeps): Router {
  const router = Router();

  for (const kind of ['quote', 'invoice'] as const satisfies DocumentKind[]) {
    const { plural, model, item, create, update } = KINDS[kind];
    const tag = plural;
    const list = async (ownerId: string, query: z.infer<typeof PageQuery>, sessionId?: string) => {
      const where = { owner_id: ownerId, ...(sessionId ? { session_id: sessionId } : {}) };
      const { rows, count } = await (model as typeof Quote).findAndCountAll({ where, include: [{ model: item as typeof QuoteItem, as: 'items' }], order: [['created_at', 'DESC'], ['id', 'DESC']], limit: query.limit, offset: (query.page - 1) * query.limit, distinct: true });
      return { rows, count };
    };

    for (const scoped of [false, true]) {
      const base = scoped ? `/api/sessions/:sessionId/quotes-invoices/${plural}` : `/api/${plural}`;
      const params = scoped ? SessionDocParams : IdParams;
      const sessionOf = async (p: { sessionId?: string }, ownerId: string) => {
        if (!p.sessionId) return undefined;
        await assertOwnedSession(p.sessionId, ownerId);
        return p.sessionId;
      };
      // One render per version of the document and format: asking again for an unchanged one finds the same job.
      const fileLink = async (document: Quote | Invoice, user: { id: string; orgId: string }, format: 'pdf' | 'docx', requestId?: string) => {
        if (format === 'pdf') assertPdfRenderer(config.CHROMIUM_PATH);
        const key = `${kind}:${document.id}:${document.updated_at.getTime()}${format === 'pdf' ? '' : ':docx'}`;
        const run = await startJob(temporal, DOCUMENT_PDF_JOB, key, { kind, documentId: document.id, ownerId: user.id, ...(format === 'pdf' ? {} : { format }) }, { orgId: user.orgId, userId: user.id, entityId: document.id, requestId });
        const file = await waitForJob<DocumentPdf>(temporal, run, config.EXPORT_SYNC_TIMEOUT_SECONDS, format);
        return downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS);
      };
      const inScope = async (id: string, ownerId: string, sessionId?: string) => {
        const document = await findDocument(kind, id, ownerId);
        if (sessionId && document.session_id !== sessionId) throw new NotFoundError(kind === 'quote' ? 'Quote' : 'Invoice');
        return document;
      };

      kit.route(router, { method: 'get', path: base, summary: `List ${plural}${scoped ? ' of a session' : ''}, newest first`, tag, auth: 'user', query: PageQuery, ...(scoped ? { params: SessionScopeParams } : {}) }, async ({ user, query, params: p }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        const { rows, count } = await list(user.id, query, sessionId);
        return { items: rows.map((d) => presentDocument(d, user.timeZone)), total: count, page: query.page, limit: query.limit };
      });

      kit.route(router, { method: 'post', path: base, summary: `Create a ${kind} with its items; amount is computed`, tag, auth: 'user', body: create, status: 201, ...(scoped ? { params: SessionScopeParams } : {}) }, async ({ user, body, params: p, req }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        return presentDocument(await saveDocument(sequelize, kind, user.id, null, { ...body, ...(sessionId ? { session_id: sessionId } : {}) }, req.requestId), user.timeZone);
      });

      kit.route(router, { method: 'get', path: `${base}/:id`, summary: `Read a ${kind}`, tag, auth: 'user', params }, async ({ user, params: p }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        return presentDocument(await inScope(p.id, user.id, sessionId), user.timeZone);
      });

      kit.route(router, { method: 'put', path: `${base}/:id`, summary: `Update a ${kind}; items, when given, replace every item`, tag, auth: 'user', params, body: update }, async ({ user, params: p, body, req }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        await inScope(p.id, user.id, sessionId);
        return presentDocument(await saveDocument(sequelize, kind, user.id, p.id, body, req.requestId), user.timeZone);
      });

      kit.route(router, { method: 'get', path: `${base}/:id/pdf`, summary: `The ${kind} as a pdf: a time-limited link`, tag, auth: 'user', params }, async ({ user, params: p, req }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        return fileLink(await inScope(p.id, user.id, sessionId), user, 'pdf', req.requestId);
      });

      if (kind === 'invoice' && !scoped) {
        kit.route(router, { method: 'get', path: `${base}/:id/export`, summary: 'The invoice as a pdf or docx: a time-limited link', tag, auth: 'user', params, query: ExportQuery }, async ({ user, params: p, query, req }) =>
          fileLink(await inScope(p.id, user.id), user, query.format, req.requestId),
        );
      }

      kit.route(router, { method: 'post', path: `${base}/:id/preview-email`, summary: `The email the ${kind} would be sent with, variables filled; nothing is sent`, tag, auth: 'user', params, body: PreviewEmailBody }, async ({ user, params: p, body }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        return previewDocumentEmail(kind, await inScope(p.id, user.id, sessionId), user, body?.email_template_id);
      });

      kit.route(
        router,
        { method: 'post', path: `${base}/:id/send-email`, summary: `Email the ${kind} with its pdf (one email per Idempotency-Key); a DRAFT invoice or PENDING quote becomes SENT`, tag, auth: 'user', after: [emailLimit], params, body: SendEmailBody, status: 202 },
        async ({ user, params: p, body, req }) => {
          const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
          const document = await inScope(p.id, user.id, sessionId);
          if (body.attach_pdf) assertPdfRenderer(config.CHROMIUM_PATH);
          // The preview resolves the template and the client's address now, so a missing one is a 400 here, not a failed job.
          const preview = await previewDocumentEmail(kind, document, user, body.email_template_id);
          const to = body.to ?? (preview.to ? [preview.to] : []);
          if (to.length === 0) throw new ValidationError('No recipient: give `to`, or set an email on the client');
          const header = req.get('idempotency-key');
          const requestKey = header ? `${user.id}:${IdempotencyKey.parse(header)}` : crypto.randomUUID();
          const run = await startJob(
            temporal,
            DOCUMENT_EMAIL_JOB,
            requestKey,
            { kind, documentId: document.id, ownerId: user.id, to: [...new Set(to.map((a) => a.toLowerCase()))], subject: body.subject ?? null, message: body.message ?? null, emailTemplateId: body.email_template_id ?? null, attachPdf: body.attach_pdf, requestKey },
            { orgId: user.orgId, userId: user.id, entityId: document.id, requestId: req.requestId },
          );
          return { jobRunId: run.id, status: run.status, requestKey };
        },
      );

      kit.route(router, { method: 'delete', path: `${base}/:id`, summary: kind === 'invoice' ? 'Delete a DRAFT invoice' : 'Delete a quote no invoice was made from', tag, auth: 'user', params, status: 204 }, async ({ user, params: p, req }) => {
        const sessionId = await sessionOf(p as { sessionId?: string }, user.id);
        await inScope(p.id, user.id, sessionId);
        await deleteDocument(sequelize, kind, user.id, p.id, req.requestId);
      });
    }
  }
  return router;
}
