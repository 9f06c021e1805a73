import { Router } from 'express';
import { type z } from 'zod';
import { refundCreditNote } from '../../lib/payments/refund-credit-note';
import { findDocument } from '../../db/queries/invoicing';
import { findOwnCreditNote, listCreditNotes, listInvoiceCreditNotes } from '../../db/queries/invoice-ledger';
import { type InvoiceRow } from '../../db/rows';
import { NotFoundError } from '../../domain/errors';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { downloadLink } from '../../lib/s3-links';
import { DOCUMENT_PDF_JOB, type DocumentPdf } from '../../workflows/invoicing/contract';
import { type IdBodyContext, IdParams, PageQuery } from '../http/common-schemas';
import { registerRoutes, type RouteContext, routesFor } from '../http/route-kit';
import { keptFileLink } from '../../services/invoicing/kept-pdf';
import { issueCreditNoteOf } from '../../services/invoicing/credit-note';
import { presentCreditNote, presentPayment } from './presenter';
import { CreateCreditNoteBody, ExportQuery, RecordRefundBody } from './schema';
import { receivedAtOf } from './received-at';
import { type LegalInvoicingRouterDeps } from './legal-invoicing-deps';

const cents = (amount: number | undefined) => (amount === undefined ? undefined : toHundredths(amount));
const tag = 'credit-notes';

type IdContext = Pick<RouteContext<IdParams, unknown, unknown>, 'user' | 'params' | 'req'>;
type ExportContext = IdContext & { query: z.infer<typeof ExportQuery> };

/** The handlers of the credit note routes, made once from the router's deps. */
function creditNoteHandlers(deps: LegalInvoicingRouterDeps) {
  const { sequelize, cardProvider, temporal, publicS3, config } = deps;

  /** One of the caller's credit notes, or 404. */
  const ownCreditNote = async (ownerId: string, id: string) => {
    const note = await findOwnCreditNote(sequelize, ownerId, id);
    if (!note) throw new NotFoundError('Credit note');
    return note;
  };
  /** A credit note's pdf: rendered once and kept (issue 20 §4). */
  const pdf = async ({ user, params, req }: IdContext) =>
    keptFileLink(deps, 'credit_note', await ownCreditNote(user.orgId, params.id), user, req.requestId);

  return {
    issue: async ({ user, params, body, req }: IdBodyContext<z.infer<typeof CreateCreditNoteBody>> & IdContext) => {
      const { creditNote, refundDueCents, invoice } = await issueCreditNoteOf(
        sequelize,
        deps,
        user,
        params.id,
        { reason: body.reason, amountCents: cents(body.amount), items: body.items },
        req.requestId,
      );
      return { ...presentCreditNote(creditNote, invoice.number), refund_due: centsToDecimal(refundDueCents) };
    },
    listOfInvoice: async ({ user, params }: IdContext) => {
      const invoice = (await findDocument(sequelize, 'invoice', params.id, user.orgId)) as InvoiceRow;
      return {
        invoice_id: invoice.id,
        items: (await listInvoiceCreditNotes(sequelize, user.orgId, invoice.id)).map((n) =>
          presentCreditNote(n, invoice.number),
        ),
      };
    },
    list: async ({
      user,
      query,
    }: Pick<RouteContext<unknown, z.infer<typeof PageQuery>, unknown>, 'user' | 'query'>) => {
      const page = await listCreditNotes(sequelize, user.orgId, query);
      return { ...page, items: page.items.map((n) => presentCreditNote(n, n.invoice?.number ?? null)) };
    },
    get: async ({ user, params }: IdContext) => {
      const note = await ownCreditNote(user.orgId, params.id);
      return presentCreditNote(note, note.invoice?.number ?? null);
    },
    pdf,
    export: async (ctx: ExportContext) => {
      const { user, query, req } = ctx;
      if (query.format === 'pdf') return pdf(ctx);
      const note = await ownCreditNote(user.orgId, ctx.params.id);
      // A credit note never changes: one docx job per note.
      const run = await startJob(
        sequelize,
        temporal,
        DOCUMENT_PDF_JOB,
        `credit_note:${note.id}:docx`,
        { kind: 'credit_note', documentId: note.id, ownerId: user.orgId, format: 'docx' },
        { orgId: user.orgId, userId: user.id, entityId: note.id, requestId: req.requestId },
      );
      const file = await waitForJob<DocumentPdf>(temporal, run, {
        seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
        what: 'docx',
        gone: 'docx',
      });
      return downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS);
    },
    refund: async ({ user, params, body, req }: IdBodyContext<z.infer<typeof RecordRefundBody>> & IdContext) =>
      presentPayment(
        await refundCreditNote(
          { sequelize, cardProvider },
          user.orgId,
          params.id,
          {
            amountCents: cents(body.amount),
            method: body.method,
            receivedAt: receivedAtOf(body.received_at, user.timeZone),
            reference: body.reference,
            note: body.note,
          },
          req.requestId,
        ),
      ),
  };
}

type CreditNoteHandlers = ReturnType<typeof creditNoteHandlers>;
const route = routesFor<CreditNoteHandlers, LegalInvoicingRouterDeps>();

/** Every route of buildCreditNotesRouter, in the document's order. */
const CREDIT_NOTE_ROUTES = [
  route(
    {
      method: 'post',
      path: '/api/invoices/:id/credit-notes',
      operationId: 'issueCreditNote',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'credit_exceeds_creditable'],
      summary:
        'Issue a credit note (avoir): an amount, some lines, or everything still creditable; a fully credited invoice becomes CANCELLED',
      tag,
      auth: 'user',
      params: IdParams,
      body: CreateCreditNoteBody,
      status: 201,
    },
    (h) => h.issue,
  ),
  route(
    {
      method: 'get',
      path: '/api/invoices/:id/credit-notes',
      operationId: 'listInvoiceCreditNotes',
      summary: "The invoice's credit notes, in issue order",
      tag,
      auth: 'user',
      params: IdParams,
    },
    (h) => h.listOfInvoice,
  ),
  route(
    {
      method: 'get',
      path: '/api/credit-notes',
      operationId: 'listCreditNotes',
      summary: "The studio's credit notes, newest first",
      tag,
      auth: 'user',
      query: PageQuery,
    },
    (h) => h.list,
  ),
  route(
    {
      method: 'get',
      path: '/api/credit-notes/:id',
      operationId: 'getCreditNote',
      summary: 'Read a credit note',
      tag,
      auth: 'user',
      params: IdParams,
    },
    (h) => h.get,
  ),
  route(
    {
      method: 'get',
      path: '/api/credit-notes/:id/pdf',
      operationId: 'getCreditNotePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: 'The credit note as a pdf (rendered once and kept): a time-limited link, with its SHA-256',
      tag,
      auth: 'user',
      params: IdParams,
    },
    (h) => h.pdf,
  ),
  route(
    {
      method: 'get',
      path: '/api/credit-notes/:id/export',
      operationId: 'exportCreditNote',
      summary: 'The credit note as a pdf (the kept one) or docx: a time-limited link',
      tag,
      auth: 'user',
      params: IdParams,
      query: ExportQuery,
    },
    (h) => h.export,
  ),
  route(
    {
      method: 'post',
      path: '/api/credit-notes/:id/refunds',
      operationId: 'refundCreditNote',
      errors: ['refund_exceeds_overpaid'],
      summary: 'Refund money a credit note covers: by card through the provider, or recorded by hand',
      tag,
      auth: 'user',
      params: IdParams,
      body: RecordRefundBody,
      status: 201,
    },
    (h) => h.refund,
  ),
];

/** Credit notes (issue 20 §4) and their refunds: /api/invoices/:id/credit-notes, /api/credit-notes/... */
export function buildCreditNotesRouter(deps: LegalInvoicingRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, CREDIT_NOTE_ROUTES, creditNoteHandlers(deps), deps);
}
