import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import crypto from 'node:crypto';
import { type RequestHandler } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { type z } from 'zod';
import { invoiceFromQuote } from '../../db/commands/invoice-from-quote';
import { type DocumentRow } from '../../db/rows';
import { type DocumentProps } from '../../db/commands/invoicing-documents';
import { deleteDocument } from '../../db/commands/delete-document';
import { saveDocument } from '../../db/commands/save-document';
import { previewDocumentEmail } from '../../db/queries/document-email';
import { type DocumentKind, findDocument, listDocuments } from '../../db/queries/invoicing';
import { assignedScope } from '../../domain/teams/assignments';
import { assertOwnSession } from '../../db/queries/sessions';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type Config } from '../../lib/config';
import { type PageQuery } from '../http/common-schemas';
import { type createRouteKit, type RouteContext } from '../http/route-kit';
import { documentFileLink } from '../../services/invoicing/document-file';
import { sendDocumentEmail } from '../../services/invoicing/send-document';
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

/** The session and document of a path: the caller's, and on a scoped path one of that session's. */
function documentScope(kind: DocumentKind, sequelize: Sequelize) {
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
  /** The path's document: its session checked first, then the document in it. */
  const scoped = async (params: DocScope, ownerId: string) =>
    inScope(params.id, ownerId, await sessionOf(params, ownerId));
  return { sessionOf, inScope, scoped };
}
type DocumentScope = ReturnType<typeof documentScope>;

/** What reads a document: the list, one, its files, its email's preview. */
function documentReads(kind: DocumentKind, deps: InvoicingRouterDeps, { sessionOf, inScope, scoped }: DocumentScope) {
  const { sequelize } = deps;
  const fileLink = (document: DocumentRow, user: Ctx<DocScope>['user'], format: 'pdf' | 'docx', requestId?: string) =>
    documentFileLink(sequelize, deps, kind, document, user, format, requestId);
  return {
    list: async ({ user, query, params }: Ctx<Scope, z.infer<typeof PageQuery>>) => {
      const sessionId = await sessionOf(params, user.orgId);
      const page = await listDocuments(
        sequelize,
        kind,
        user.orgId,
        query,
        sessionId,
        assignedScope(user.role, user.id),
      );
      return { ...page, items: page.items.map((d) => presentDocument(kind, d, user.timeZone)) };
    },

    read: async ({ user, params }: Ctx<DocScope>) =>
      presentDocument(kind, await scoped(params, user.orgId), user.timeZone),

    pdf: async ({ user, params, req }: Ctx<DocScope>) =>
      fileLink(await scoped(params, user.orgId), user, 'pdf', req.requestId),

    /** pdf or docx, as the query asks (unscoped invoices only). */
    exportFile: async ({ user, params, query, req }: Ctx<DocScope, z.infer<typeof ExportQuery>>) =>
      fileLink(await inScope(params.id, user.orgId), user, query.format, req.requestId),

    previewEmail: async ({ user, params, body }: Ctx<DocScope, unknown, z.infer<typeof PreviewEmailBody>>) =>
      previewDocumentEmail(sequelize, kind, await scoped(params, user.orgId), user, body?.email_template_id),
  };
}

/** What changes a document: create, update, send, accept, invoice a quote, delete. */
function documentWrites(kind: DocumentKind, deps: InvoicingRouterDeps, { sessionOf, scoped }: DocumentScope) {
  const { sequelize } = deps;
  return {
    create: async ({ user, body, params, req }: Ctx<Scope, unknown, DocumentProps>) => {
      const sessionId = await sessionOf(params, user.orgId);
      return presentDocument(
        kind,
        await saveDocument(
          sequelize,
          kind,
          user.orgId,
          null,
          { ...body, ...(sessionId ? { session_id: sessionId } : {}) },
          req.requestId,
        ),
        user.timeZone,
      );
    },

    update: async ({ user, params, body, req }: Ctx<DocScope, unknown, DocumentProps>) => {
      await scoped(params, user.orgId);
      return presentDocument(
        kind,
        await saveDocument(sequelize, kind, user.orgId, params.id, body, req.requestId),
        user.timeZone,
      );
    },

    sendEmail: async ({ user, params, body, req }: Ctx<DocScope, unknown, z.infer<typeof SendEmailBody>>) => {
      const document = await scoped(params, user.orgId);
      const header = req.get('idempotency-key');
      const requestKey = header ? `${user.id}:${IdempotencyKey.parse(header)}` : crypto.randomUUID();
      return sendDocumentEmail(sequelize, deps, kind, user, document, { ...body, requestKey }, req.requestId);
    },

    /** POST .../accept: the client said yes (QUOTE_STATUS_CHANGED, a number if it had none); again: unchanged. */
    accept: async ({ user, params, req }: Ctx<DocScope>) => {
      const document = await scoped(params, user.orgId);
      if (document.status === 'REJECTED')
        throw new ConflictError('quote_rejected', 'This quote was refused: write a new one');
      // Accepted already (by the studio, or signed by the client): answered as it is.
      if (document.status === 'ACCEPTED') return presentDocument(kind, document, user.timeZone);
      return presentDocument(
        kind,
        await saveDocument(sequelize, kind, user.orgId, document.id, { status: 'ACCEPTED' }, req.requestId),
        user.timeZone,
      );
    },

    /** POST .../invoice: a draft invoice with the quote's lines. */
    invoice: async ({ user, params, req }: Ctx<DocScope>) => {
      await scoped(params, user.orgId);
      const invoice = await invoiceFromQuote(sequelize, user.orgId, params.id, req.requestId);
      return presentDocument(
        'invoice',
        await findDocument(sequelize, 'invoice', invoice.id, user.orgId),
        user.timeZone,
      );
    },

    remove: async ({ user, params, req }: Ctx<DocScope>) => {
      await scoped(params, user.orgId);
      await deleteDocument(sequelize, kind, user.orgId, params.id, req.requestId);
    },
  };
}

/** The handlers of one kind of document: its reads and its writes. */
export function documentHandlers(kind: DocumentKind, deps: InvoicingRouterDeps) {
  const scope = documentScope(kind, deps.sequelize);
  return { ...documentReads(kind, deps, scope), ...documentWrites(kind, deps, scope) };
}
