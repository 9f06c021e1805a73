import { Router } from 'express';
import { z } from 'zod';
import {
  findClientCreditNote,
  findClientInvoice,
  findClientQuote,
  listClientCreditNotes,
  listClientInvoices,
  listClientQuotes,
} from '../../db/queries/client-documents';
import { findStudio } from '../../db/queries/studios';
import { type ClientAccountRow, type QuoteRow } from '../../db/rows';
import { registerRoutes, type RouteContext, type RouteKit, routesFor } from '../http/route-kit';
import { clientAccountOf } from './client-guard';
import {
  clientCreditNotePdfLink,
  clientInvoicePdfLink,
  clientQuoteView,
  clientQuotePdfLink,
  type ClientDocumentsDeps,
  declineClientQuote,
  noteClientView,
  signClientQuote,
} from '../../services/client-portal/client-documents';
import { presentClientCreditNote, presentClientInvoice, presentClientQuoteView } from './presenter';
import { SignBody, signRequestOf } from './sign-body';

const QuoteParams = z.object({ quoteId: z.uuid() });
type QuoteParams = z.infer<typeof QuoteParams>;
const InvoiceParams = z.object({ invoiceId: z.uuid() });
type InvoiceParams = z.infer<typeof InvoiceParams>;
const CreditNoteParams = z.object({ creditNoteId: z.uuid() });
type CreditNoteParams = z.infer<typeof CreditNoteParams>;
const FileLink = z.object({
  url: z.string(),
  filename: z.string(),
  expiration: z.number(),
  sha256: z.string().nullable(),
});
const DeclineBody = z.object({ reason: z.string().max(1000).nullable().optional() }).strict();

type ClientDocumentsRouterDeps = ClientDocumentsDeps & { kit: RouteKit };
type ClientCtx = Pick<RouteContext<unknown, unknown, unknown>, 'req'>;
type ParamsCtx<P> = ClientCtx & { params: P };
type BodyCtx<P, B> = ParamsCtx<P> & { body: B };
const tag = 'client-portal';

/** A signed link to a pdf, as the client's routes answer it. */
const fileLinkOf = (link: z.infer<typeof FileLink>) => ({
  url: link.url,
  filename: link.filename,
  expiration: link.expiration,
  sha256: link.sha256,
});

/** The handlers of the client's document routes, made once from the router's deps. */
function clientDocumentHandlers(deps: ClientDocumentsRouterDeps) {
  const { sequelize } = deps;
  /** A quote as the client reads it now: may they sign it today, and the consent they would tick. */
  const quoteView = async (account: ClientAccountRow, quote: QuoteRow) =>
    presentClientQuoteView(await clientQuoteView(deps, account, quote));
  const timeZoneOf = async (account: ClientAccountRow) => (await findStudio(sequelize, account.owner_id)).time_zone;

  return {
    listQuotes: async ({ req }: ClientCtx) => {
      const account = clientAccountOf(req);
      const quotes = await listClientQuotes(sequelize, account);
      return Promise.all(quotes.map((q) => quoteView(account, q)));
    },
    getQuote: async ({ req, params }: ParamsCtx<QuoteParams>) => {
      const account = clientAccountOf(req);
      const quote = await findClientQuote(sequelize, account, params.quoteId);
      await noteClientView(deps, 'quote', quote, req.requestId);
      return quoteView(account, quote);
    },
    quotePdf: async ({ req, params }: ParamsCtx<QuoteParams>) => {
      const quote = await findClientQuote(sequelize, clientAccountOf(req), params.quoteId);
      return fileLinkOf(await clientQuotePdfLink(deps, quote, req.requestId));
    },
    signQuote: async ({ req, params, body }: BodyCtx<QuoteParams, z.infer<typeof SignBody>>) => {
      const account = clientAccountOf(req);
      const result = await signClientQuote(deps, account, params.quoteId, signRequestOf(req, body));
      const timeZone = await timeZoneOf(account);
      return {
        quote: await quoteView(account, result.quote),
        signature: {
          id: result.signature.id,
          signed_at: result.signature.signed_at.toISOString(),
          pdf_sha256: result.signature.pdf_sha256,
        },
        deposit_invoice: result.deposit.invoice ? presentClientInvoice(result.deposit.invoice, timeZone) : null,
        deposit_problem: result.deposit.problem,
      };
    },
    declineQuote: async ({ req, params, body }: BodyCtx<QuoteParams, z.infer<typeof DeclineBody>>) => {
      const account = clientAccountOf(req);
      return quoteView(
        account,
        await declineClientQuote(deps, account, params.quoteId, body.reason ?? null, req.requestId),
      );
    },
    listInvoices: async ({ req }: ClientCtx) => {
      const account = clientAccountOf(req);
      const timeZone = await timeZoneOf(account);
      return (await listClientInvoices(sequelize, account)).map((i) => presentClientInvoice(i, timeZone));
    },
    getInvoice: async ({ req, params }: ParamsCtx<InvoiceParams>) => {
      const account = clientAccountOf(req);
      const invoice = await findClientInvoice(sequelize, account, params.invoiceId);
      await noteClientView(deps, 'invoice', invoice, req.requestId);
      return presentClientInvoice(invoice, await timeZoneOf(account));
    },
    invoicePdf: async ({ req, params }: ParamsCtx<InvoiceParams>) => {
      const invoice = await findClientInvoice(sequelize, clientAccountOf(req), params.invoiceId);
      return fileLinkOf(await clientInvoicePdfLink(deps, invoice, req.requestId));
    },
    listCreditNotes: async ({ req }: ClientCtx) =>
      (await listClientCreditNotes(sequelize, clientAccountOf(req))).map(presentClientCreditNote),
    creditNotePdf: async ({ req, params }: ParamsCtx<CreditNoteParams>) => {
      const note = await findClientCreditNote(sequelize, clientAccountOf(req), params.creditNoteId);
      return fileLinkOf(await clientCreditNotePdfLink(deps, note, req.requestId));
    },
  };
}

const route = routesFor<ReturnType<typeof clientDocumentHandlers>, ClientDocumentsRouterDeps>();

/** Every route of buildClientDocumentsRouter, in the document's order. */
const CLIENT_DOCUMENT_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/quotes',
      operationId: 'listClientPortalQuotes',
      summary: "The client's quotes sent by the studio, newest first",
      tag,
      auth: 'client',
    },
    (h) => h.listQuotes,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/quotes/:quoteId',
      operationId: 'getClientPortalQuote',
      summary: 'One of my quotes (its first read is recorded: viewed_at, QUOTE_VIEWED)',
      tag,
      auth: 'client',
      params: QuoteParams,
    },
    (h) => h.getQuote,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/quotes/:quoteId/pdf',
      operationId: 'getClientPortalQuotePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: "A signed link to my quote's pdf (with its contract); once signed, the signed copy with its certificate",
      tag,
      auth: 'client',
      params: QuoteParams,
      response: FileLink,
    },
    (h) => h.quotePdf,
  ),
  route(
    {
      method: 'post',
      path: '/api/client-accounts/me/quotes/:quoteId/sign',
      operationId: 'signClientPortalQuote',
      errors: ['quote_not_sent', 'quote_signed', 'quote_accepted', 'quote_declined', 'quote_expired', 'quote_changed'],
      summary:
        'Sign my quote (simple electronic signature): ACCEPTED, the evidence and the signed pdf kept; with a schedule, the first installment is billed',
      tag,
      auth: 'client',
      params: QuoteParams,
      body: SignBody,
      status: 201,
    },
    (h) => h.signQuote,
  ),
  route(
    {
      method: 'post',
      path: '/api/client-accounts/me/quotes/:quoteId/decline',
      operationId: 'declineClientPortalQuote',
      errors: ['quote_not_sent', 'quote_signed', 'quote_accepted', 'quote_declined', 'quote_expired', 'quote_changed'],
      summary: 'Decline my quote, with a reason if I wish: REJECTED, QUOTE_DECLINED',
      tag,
      auth: 'client',
      params: QuoteParams,
      body: DeclineBody,
    },
    (h) => h.declineQuote,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/invoices',
      operationId: 'listClientPortalInvoices',
      summary: "The client's issued invoices, newest first",
      tag,
      auth: 'client',
    },
    (h) => h.listInvoices,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/invoices/:invoiceId',
      operationId: 'getClientPortalInvoice',
      summary: 'One of my invoices (its first read is recorded: viewed_at, INVOICE_VIEWED)',
      tag,
      auth: 'client',
      params: InvoiceParams,
    },
    (h) => h.getInvoice,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/invoices/:invoiceId/pdf',
      operationId: 'getClientPortalInvoicePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: "A signed link to my invoice's pdf as issued, with its SHA-256",
      tag,
      auth: 'client',
      params: InvoiceParams,
      response: FileLink,
    },
    (h) => h.invoicePdf,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/credit-notes',
      operationId: 'listClientPortalCreditNotes',
      summary: 'The credit notes of my invoices, newest first',
      tag,
      auth: 'client',
    },
    (h) => h.listCreditNotes,
  ),
  route(
    {
      method: 'get',
      path: '/api/client-accounts/me/credit-notes/:creditNoteId/pdf',
      operationId: 'getClientPortalCreditNotePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: "A signed link to a credit note's pdf, with its SHA-256",
      tag,
      auth: 'client',
      params: CreditNoteParams,
      response: FileLink,
    },
    (h) => h.creditNotePdf,
  ),
];

/**
 * /api/client-accounts/me/{quotes,invoices,credit-notes}: the client's own documents (issue 31
 * §1, §2): sent quotes and issued invoices only, another's 404; reading records the first view;
 * a quote is signed or declined here; pdfs are signed links.
 */
export function buildClientDocumentsRouter(deps: ClientDocumentsRouterDeps) {
  return registerRoutes(Router(), deps.kit, CLIENT_DOCUMENT_ROUTES, clientDocumentHandlers(deps), deps);
}
