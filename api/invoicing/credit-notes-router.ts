import { Router } from 'express';
import { issueCreditNote } from '../../db/commands/issue-credit-note';
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
import { IdParams, PageQuery } from '../http/common-schemas';
import { keptFileLink, startKeptPdf } from '../../services/invoicing/kept-pdf';
import { creditNoteTransmittable } from '../../db/queries/platform-transmissions';
import { E_INVOICE_TRANSMIT_JOB, transmissionKey } from '../../workflows/e-invoicing/contract';
import { presentCreditNote, presentPayment } from './presenter';
import { CreateCreditNoteBody, ExportQuery, RecordRefundBody } from './schema';
import { receivedAtOf } from './received-at';
import { type LegalInvoicingRouterDeps, reminderWaker } from './legal-invoicing-deps';

const cents = (amount: number | undefined) => (amount === undefined ? undefined : toHundredths(amount));

/** Credit notes (issue 20 §4) and their refunds: /api/invoices/:id/credit-notes, /api/credit-notes/... */
export function buildCreditNotesRouter(deps: LegalInvoicingRouterDeps): Router {
  const { sequelize, cardProvider, kit, temporal, publicS3, config } = deps;
  const wakeReminders = reminderWaker(deps);
  const router = Router();

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/invoices/:id/credit-notes',
      operationId: 'issueCreditNote',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'credit_exceeds_creditable'],
      summary:
        'Issue a credit note (avoir): an amount, some lines, or everything still creditable; a fully credited invoice becomes CANCELLED',
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
      body: CreateCreditNoteBody,
      status: 201,
    },
    async ({ user, params, body, req }) => {
      const { creditNote, refundDueCents } = await issueCreditNote(
        sequelize,
        user.id,
        params.id,
        { reason: body.reason, amountCents: cents(body.amount), items: body.items },
        req.requestId,
      );
      const invoice = (await findDocument(sequelize, 'invoice', params.id, user.id)) as InvoiceRow;
      await wakeReminders(params.id);
      await startKeptPdf(deps, { kind: 'credit_note', id: creditNote.id }, user, req.requestId);
      // A credit note of a B2B e-invoice travels the same way (issue 32 §2); a start Temporal refuses is dead-lettered.
      if (await creditNoteTransmittable(sequelize, creditNote.id))
        await startJob(
          sequelize,
          deps.temporal,
          E_INVOICE_TRANSMIT_JOB,
          transmissionKey('credit_note', creditNote.id),
          { kind: 'credit_note', documentId: creditNote.id, ownerId: user.id },
          { orgId: user.orgId, userId: user.id, entityId: creditNote.id, requestId: req.requestId },
        ).catch(() => undefined);
      return { ...presentCreditNote(creditNote, invoice.number), refund_due: centsToDecimal(refundDueCents) };
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/invoices/:id/credit-notes',
      operationId: 'listInvoiceCreditNotes',
      summary: "The invoice's credit notes, in issue order",
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => {
      const invoice = (await findDocument(sequelize, 'invoice', params.id, user.id)) as InvoiceRow;
      return {
        invoice_id: invoice.id,
        items: (await listInvoiceCreditNotes(sequelize, user.id, invoice.id)).map((n) =>
          presentCreditNote(n, invoice.number),
        ),
      };
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes',
      operationId: 'listCreditNotes',
      summary: "The studio's credit notes, newest first",
      tag: 'credit-notes',
      auth: 'user',
      query: PageQuery,
    },
    async ({ user, query }) => {
      const page = await listCreditNotes(sequelize, user.id, query);
      return { ...page, items: page.items.map((n) => presentCreditNote(n, n.invoice?.number ?? null)) };
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes/:id',
      operationId: 'getCreditNote',
      summary: 'Read a credit note',
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => {
      const note = await findOwnCreditNote(sequelize, user.id, params.id);
      if (!note) throw new NotFoundError('Credit note');
      return presentCreditNote(note, note.invoice?.number ?? null);
    },
  );

  /** One of the caller's credit notes, or 404. */
  const ownCreditNote = async (ownerId: string, id: string) => {
    const note = await findOwnCreditNote(sequelize, ownerId, id);
    if (!note) throw new NotFoundError('Credit note');
    return note;
  };
  /** A credit note's pdf: rendered once and kept (issue 20 §4). */
  const creditNotePdf = async (
    ownerId: string,
    id: string,
    user: { id: string; orgId: string },
    requestId?: string,
  ) => {
    const note = await ownCreditNote(ownerId, id);
    return keptFileLink(deps, 'credit_note', note, user, requestId);
  };

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes/:id/pdf',
      operationId: 'getCreditNotePdf',
      errors: ['pdf_renderer_unavailable', 'unavailable'],
      summary: 'The credit note as a pdf (rendered once and kept): a time-limited link, with its SHA-256',
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params, req }) => creditNotePdf(user.id, params.id, user, req.requestId),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes/:id/export',
      operationId: 'exportCreditNote',
      summary: 'The credit note as a pdf (the kept one) or docx: a time-limited link',
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
      query: ExportQuery,
    },
    async ({ user, params, query, req }) => {
      if (query.format === 'pdf') return creditNotePdf(user.id, params.id, user, req.requestId);
      const note = await ownCreditNote(user.id, params.id);
      // A credit note never changes: one docx job per note.
      const run = await startJob(
        sequelize,
        temporal,
        DOCUMENT_PDF_JOB,
        `credit_note:${note.id}:docx`,
        { kind: 'credit_note', documentId: note.id, ownerId: user.id, format: 'docx' },
        { orgId: user.orgId, userId: user.id, entityId: note.id, requestId: req.requestId },
      );
      const file = await waitForJob<DocumentPdf>(temporal, run, {
        seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
        what: 'docx',
        gone: 'docx',
      });
      return downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/credit-notes/:id/refunds',
      operationId: 'refundCreditNote',
      errors: ['refund_exceeds_overpaid'],
      summary: 'Refund money a credit note covers: by card through the provider, or recorded by hand',
      tag: 'credit-notes',
      auth: 'user',
      params: IdParams,
      body: RecordRefundBody,
      status: 201,
    },
    async ({ user, params, body, req }) =>
      presentPayment(
        await refundCreditNote(
          { sequelize, cardProvider },
          user.id,
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
  );

  return router;
}
