import { Router } from 'express';
import { issueInvoice } from '../../services/invoicing/issue-invoice';
import { checkEInvoiceXml } from '../../lib/facturx/e-invoice-gate';
import { type PlatformClient } from '../../lib/e-invoicing/platform-client';
import { recipientWarning } from '../../lib/e-invoicing/recipient-warning';
import { IdParams, PageQuery } from '../http/common-schemas';
import { presentDocument } from './presenter';
import {
  CreateInvoiceBody,
  ExportQuery,
  PreviewEmailBody,
  SendEmailBody,
  SessionDocParams,
  SessionScopeParams,
  UpdateInvoiceBody,
} from './schema';
import { type DocumentHandlers, documentHandlers, type InvoicingRouterDeps } from './document-handlers';
import { registerRoutes, routesFor } from '../http/route-kit';
import { type LegalInvoicingRouterDeps } from './legal-invoicing-deps';

/**
 * POST /api/invoices/:id/issue (issue 20; docs/invoicing.md). Registered with the ledger's routers,
 * before the e-invoice and reminder routers, where the invoice's legal life begins.
 */
export function buildInvoiceIssueRouter(
  deps: LegalInvoicingRouterDeps & { studioPlatform: (ownerId: string) => Promise<PlatformClient | null> },
): Router {
  const { sequelize, kit } = deps;
  const router = Router();

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/invoices/:id/issue',
      operationId: 'issueInvoice',
      errors: ['invoice_issued', 'deposit_draft', 'deposits_changed', 'contact_erased'],
      summary:
        'Issue a draft invoice: its legal number, issue date and due date; from then on it never changes (again: the issued invoice, unchanged)',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params, req }) => {
      const invoice = await issueInvoice(sequelize, checkEInvoiceXml, user.orgId, params.id, req.requestId);
      // The pdf the studio keeps is started by the outbox relay from the issue's event: the issue never waits for it or fails with it.
      const view = presentDocument('invoice', invoice, user.timeZone);
      // A B2B client (the SIREN of its buyer copy) is looked up in the e-invoicing directory (issue
      // 32 §2), after the issue and outside its transaction: the warning never holds the issue up.
      const siren = invoice.buyer?.siren?.trim() || null;
      const platform = siren ? await deps.studioPlatform(user.orgId) : null;
      const warning = siren && platform ? await recipientWarning(platform, siren) : null;
      return warning ? { ...view, warnings: [warning] } : view;
    },
  );

  return router;
}

const route = routesFor<DocumentHandlers, InvoicingRouterDeps>();
const SEND_INVOICE = 'Email the invoice with its pdf (one email per Idempotency-Key); a DRAFT invoice is issued first';

/** Every invoice route in the document's order: the studio's invoices, then one session's. */
const INVOICE_ROUTES = [
  // Invoices.
  route(
    {
      method: 'get',
      path: '/api/invoices',
      operationId: 'listInvoices',
      summary: 'List invoices, newest first',
      tag: 'invoices',
      auth: 'user',
      query: PageQuery,
    },
    (invoice) => invoice.list,
  ),
  route(
    {
      method: 'post',
      path: '/api/invoices',
      operationId: 'createInvoice',
      summary: 'Create a invoice with its items; amount is computed',
      tag: 'invoices',
      auth: 'user',
      body: CreateInvoiceBody,
      status: 201,
    },
    (invoice) => invoice.create,
  ),
  route(
    {
      method: 'get',
      path: '/api/invoices/:id',
      operationId: 'getInvoice',
      summary: 'Read a invoice',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    (invoice) => invoice.read,
  ),
  route(
    {
      method: 'put',
      path: '/api/invoices/:id',
      operationId: 'updateInvoice',
      errors: ['invoice_issued', 'contact_erased'],
      summary: 'Update a DRAFT invoice; items, when given, replace every item (an issued invoice: 409 invoice_issued)',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      body: UpdateInvoiceBody,
    },
    (invoice) => invoice.update,
  ),
  route(
    {
      method: 'get',
      path: '/api/invoices/:id/pdf',
      operationId: 'getInvoicePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: 'The invoice as a pdf: a time-limited link',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    (invoice) => invoice.pdf,
  ),
  route(
    {
      method: 'get',
      path: '/api/invoices/:id/export',
      operationId: 'exportInvoice',
      summary: 'The invoice as a pdf or docx: a time-limited link',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      query: ExportQuery,
    },
    (invoice) => invoice.exportFile,
  ),
  route(
    {
      method: 'post',
      path: '/api/invoices/:id/preview-email',
      operationId: 'previewInvoiceEmail',
      summary: 'The email the invoice would be sent with, variables filled; nothing is sent',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      body: PreviewEmailBody,
    },
    (invoice) => invoice.previewEmail,
  ),
  route(
    ({ emailLimit }) => ({
      method: 'post',
      path: '/api/invoices/:id/send-email',
      operationId: 'sendInvoiceEmail',
      summary: SEND_INVOICE,
      tag: 'invoices',
      auth: 'user',
      after: [emailLimit],
      params: IdParams,
      body: SendEmailBody,
      status: 202,
    }),
    (invoice) => invoice.sendEmail,
  ),
  route(
    {
      method: 'delete',
      path: '/api/invoices/:id',
      operationId: 'deleteInvoice',
      errors: ['invoice_issued'],
      summary: 'Delete a DRAFT invoice',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    (invoice) => invoice.remove,
  ),

  // Invoices of one session.
  route(
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices',
      operationId: 'listSessionInvoices',
      summary: 'List invoices of a session, newest first',
      tag: 'invoices',
      auth: 'user',
      query: PageQuery,
      params: SessionScopeParams,
    },
    (invoice) => invoice.list,
  ),
  route(
    {
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices',
      operationId: 'createSessionInvoice',
      summary: 'Create a invoice with its items; amount is computed',
      tag: 'invoices',
      auth: 'user',
      body: CreateInvoiceBody,
      status: 201,
      params: SessionScopeParams,
    },
    (invoice) => invoice.create,
  ),
  route(
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices/:id',
      operationId: 'getSessionInvoice',
      summary: 'Read a invoice',
      tag: 'invoices',
      auth: 'user',
      params: SessionDocParams,
    },
    (invoice) => invoice.read,
  ),
  route(
    {
      method: 'put',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices/:id',
      operationId: 'updateSessionInvoice',
      errors: ['invoice_issued', 'contact_erased'],
      summary: 'Update a DRAFT invoice; items, when given, replace every item (an issued invoice: 409 invoice_issued)',
      tag: 'invoices',
      auth: 'user',
      params: SessionDocParams,
      body: UpdateInvoiceBody,
    },
    (invoice) => invoice.update,
  ),
  route(
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices/:id/pdf',
      operationId: 'getSessionInvoicePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: 'The invoice as a pdf: a time-limited link',
      tag: 'invoices',
      auth: 'user',
      params: SessionDocParams,
    },
    (invoice) => invoice.pdf,
  ),
  route(
    {
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices/:id/preview-email',
      operationId: 'previewSessionInvoiceEmail',
      summary: 'The email the invoice would be sent with, variables filled; nothing is sent',
      tag: 'invoices',
      auth: 'user',
      params: SessionDocParams,
      body: PreviewEmailBody,
    },
    (invoice) => invoice.previewEmail,
  ),
  route(
    ({ emailLimit }) => ({
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices/:id/send-email',
      operationId: 'sendSessionInvoiceEmail',
      summary: SEND_INVOICE,
      tag: 'invoices',
      auth: 'user',
      after: [emailLimit],
      params: SessionDocParams,
      body: SendEmailBody,
      status: 202,
    }),
    (invoice) => invoice.sendEmail,
  ),
  route(
    {
      method: 'delete',
      path: '/api/sessions/:sessionId/quotes-invoices/invoices/:id',
      operationId: 'deleteSessionInvoice',
      errors: ['invoice_issued'],
      summary: 'Delete a DRAFT invoice',
      tag: 'invoices',
      auth: 'user',
      params: SessionDocParams,
      status: 204,
    },
    (invoice) => invoice.remove,
  ),
];

/** /api/invoices and /api/sessions/:sessionId/quotes-invoices/invoices: every route written out (docs/invoicing.md). */
export function buildInvoicesRouter(deps: InvoicingRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, INVOICE_ROUTES, documentHandlers('invoice', deps), deps);
}
