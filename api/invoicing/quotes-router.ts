import { Router } from 'express';
import { IdParams, PageQuery } from '../http/common-schemas';
import {
  CreateQuoteBody,
  PreviewEmailBody,
  SendEmailBody,
  SessionDocParams,
  SessionScopeParams,
  UpdateQuoteBody,
} from './schema';
import { type DocumentHandlers, documentHandlers, type InvoicingRouterDeps } from './document-handlers';
import { registerRoutes, routesFor } from '../http/route-kit';

const route = routesFor<DocumentHandlers, InvoicingRouterDeps>();
const SEND_QUOTE = 'Email the quote with its pdf (one email per Idempotency-Key); a PENDING quote becomes SENT';

/** Every quote route in the document's order: the studio's quotes, then one session's. */
const QUOTE_ROUTES = [
  // Quotes.
  route(
    {
      method: 'get',
      path: '/api/quotes',
      operationId: 'listQuotes',
      summary: 'List quotes, newest first',
      tag: 'quotes',
      auth: 'user',
      query: PageQuery,
    },
    (quote) => quote.list,
  ),
  route(
    {
      method: 'post',
      path: '/api/quotes',
      operationId: 'createQuote',
      summary: 'Create a quote with its items; amount is computed',
      tag: 'quotes',
      auth: 'user',
      body: CreateQuoteBody,
      status: 201,
    },
    (quote) => quote.create,
  ),
  route(
    {
      method: 'get',
      path: '/api/quotes/:id',
      operationId: 'getQuote',
      summary: 'Read a quote',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
    },
    (quote) => quote.read,
  ),
  route(
    {
      method: 'put',
      path: '/api/quotes/:id',
      operationId: 'updateQuote',
      errors: ['quote_signed', 'contact_erased'],
      summary: 'Update a quote; items, when given, replace every item',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
      body: UpdateQuoteBody,
    },
    (quote) => quote.update,
  ),
  route(
    {
      method: 'get',
      path: '/api/quotes/:id/pdf',
      operationId: 'getQuotePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: 'The quote as a pdf: a time-limited link',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
    },
    (quote) => quote.pdf,
  ),
  route(
    {
      method: 'post',
      path: '/api/quotes/:id/preview-email',
      operationId: 'previewQuoteEmail',
      summary: 'The email the quote would be sent with, variables filled; nothing is sent',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
      body: PreviewEmailBody,
    },
    (quote) => quote.previewEmail,
  ),
  route(
    ({ emailLimit }) => ({
      method: 'post',
      path: '/api/quotes/:id/send-email',
      operationId: 'sendQuoteEmail',
      summary: SEND_QUOTE,
      tag: 'quotes',
      auth: 'user',
      after: [emailLimit],
      params: IdParams,
      body: SendEmailBody,
      status: 202,
    }),
    (quote) => quote.sendEmail,
  ),
  route(
    {
      method: 'post',
      path: '/api/quotes/:id/accept',
      operationId: 'acceptQuote',
      errors: ['quote_rejected'],
      summary: 'The client accepted the quote: ACCEPTED (a refused quote: 409)',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
    },
    (quote) => quote.accept,
  ),
  route(
    {
      method: 'post',
      path: '/api/quotes/:id/invoice',
      operationId: 'createInvoiceFromQuote',
      errors: ['quote_rejected', 'deposit_draft'],
      summary: "A DRAFT invoice with the quote's lines, client and session, linked by quote_id",
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
      status: 201,
    },
    (quote) => quote.invoice,
  ),
  route(
    {
      method: 'delete',
      path: '/api/quotes/:id',
      operationId: 'deleteQuote',
      errors: ['quote_invoiced', 'quote_signed'],
      summary: 'Delete a quote no invoice was made from',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    (quote) => quote.remove,
  ),

  // Quotes of one session.
  route(
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes',
      operationId: 'listSessionQuotes',
      summary: 'List quotes of a session, newest first',
      tag: 'quotes',
      auth: 'user',
      query: PageQuery,
      params: SessionScopeParams,
    },
    (quote) => quote.list,
  ),
  route(
    {
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes',
      operationId: 'createSessionQuote',
      summary: 'Create a quote with its items; amount is computed',
      tag: 'quotes',
      auth: 'user',
      body: CreateQuoteBody,
      status: 201,
      params: SessionScopeParams,
    },
    (quote) => quote.create,
  ),
  route(
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id',
      operationId: 'getSessionQuote',
      summary: 'Read a quote',
      tag: 'quotes',
      auth: 'user',
      params: SessionDocParams,
    },
    (quote) => quote.read,
  ),
  route(
    {
      method: 'put',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id',
      operationId: 'updateSessionQuote',
      errors: ['quote_signed', 'contact_erased'],
      summary: 'Update a quote; items, when given, replace every item',
      tag: 'quotes',
      auth: 'user',
      params: SessionDocParams,
      body: UpdateQuoteBody,
    },
    (quote) => quote.update,
  ),
  route(
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id/pdf',
      operationId: 'getSessionQuotePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: 'The quote as a pdf: a time-limited link',
      tag: 'quotes',
      auth: 'user',
      params: SessionDocParams,
    },
    (quote) => quote.pdf,
  ),
  route(
    {
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id/preview-email',
      operationId: 'previewSessionQuoteEmail',
      summary: 'The email the quote would be sent with, variables filled; nothing is sent',
      tag: 'quotes',
      auth: 'user',
      params: SessionDocParams,
      body: PreviewEmailBody,
    },
    (quote) => quote.previewEmail,
  ),
  route(
    ({ emailLimit }) => ({
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id/send-email',
      operationId: 'sendSessionQuoteEmail',
      summary: SEND_QUOTE,
      tag: 'quotes',
      auth: 'user',
      after: [emailLimit],
      params: SessionDocParams,
      body: SendEmailBody,
      status: 202,
    }),
    (quote) => quote.sendEmail,
  ),
  route(
    {
      method: 'delete',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id',
      operationId: 'deleteSessionQuote',
      errors: ['quote_invoiced', 'quote_signed'],
      summary: 'Delete a quote no invoice was made from',
      tag: 'quotes',
      auth: 'user',
      params: SessionDocParams,
      status: 204,
    },
    (quote) => quote.remove,
  ),
];

/** /api/quotes and /api/sessions/:sessionId/quotes-invoices/quotes: every route written out (docs/invoicing.md). */
export function buildQuotesRouter(deps: InvoicingRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, QUOTE_ROUTES, documentHandlers('quote', deps), deps);
}
