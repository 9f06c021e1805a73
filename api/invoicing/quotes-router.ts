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
import { documentHandlers, type InvoicingRouterDeps } from './document-handlers';

/** /api/quotes and /api/sessions/:sessionId/quotes-invoices/quotes: every route written out (docs/invoicing.md). */
export function buildQuotesRouter(deps: InvoicingRouterDeps): Router {
  const { kit, emailLimit } = deps;
  const router = Router();
  const quote = documentHandlers('quote', deps);
  const sendQuote = 'Email the quote with its pdf (one email per Idempotency-Key); a PENDING quote becomes SENT';

  // Quotes.
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/quotes',
      operationId: 'listQuotes',
      summary: 'List quotes, newest first',
      tag: 'quotes',
      auth: 'user',
      query: PageQuery,
    },
    quote.list,
  );
  kit.route(
    router,
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
    quote.create,
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/quotes/:id',
      operationId: 'getQuote',
      summary: 'Read a quote',
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
    },
    quote.read,
  );
  kit.route(
    router,
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
    quote.update,
  );
  kit.route(
    router,
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
    quote.pdf,
  );
  kit.route(
    router,
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
    quote.previewEmail,
  );
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/quotes/:id/send-email',
      operationId: 'sendQuoteEmail',
      summary: sendQuote,
      tag: 'quotes',
      auth: 'user',
      after: [emailLimit],
      params: IdParams,
      body: SendEmailBody,
      status: 202,
    },
    quote.sendEmail,
  );
  kit.route(
    router,
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
    quote.accept,
  );
  kit.route(
    router,
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
    quote.invoice,
  );
  kit.route(
    router,
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
    quote.remove,
  );

  // Quotes of one session.
  kit.route(
    router,
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
    quote.list,
  );
  kit.route(
    router,
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
    quote.create,
  );
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id',
      operationId: 'getSessionQuote',
      summary: 'Read a quote',
      tag: 'quotes',
      auth: 'user',
      params: SessionDocParams,
    },
    quote.read,
  );
  kit.route(
    router,
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
    quote.update,
  );
  kit.route(
    router,
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
    quote.pdf,
  );
  kit.route(
    router,
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
    quote.previewEmail,
  );
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/sessions/:sessionId/quotes-invoices/quotes/:id/send-email',
      operationId: 'sendSessionQuoteEmail',
      summary: sendQuote,
      tag: 'quotes',
      auth: 'user',
      after: [emailLimit],
      params: SessionDocParams,
      body: SendEmailBody,
      status: 202,
    },
    quote.sendEmail,
  );
  kit.route(
    router,
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
    quote.remove,
  );

  return router;
}
