import { Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import type Stripe from 'stripe';
import { issueCreditNote } from '../../db/commands/credit-notes';
import { refundCreditNote } from '../../lib/payments/refund-credit-note';
import { createDepositInvoice } from '../../db/commands/deposit-invoices';
import { findDocument } from '../../db/queries/invoicing';
import { recordManualPayment, reversePayment } from '../../db/commands/invoice-ledger';
import { issueInvoice } from '../../db/commands/issue-invoice';
import { makeEInvoiceXml } from '../../lib/facturx/e-invoice-gate';
import { listQuoteDeposits } from '../../db/queries/deposits';
import {
  findOwnCreditNote,
  listCreditNotes,
  listInvoiceCreditNotes,
  listInvoicePayments,
} from '../../db/queries/invoice-ledger';
import { type InvoiceRow } from '../../db/rows';
import { NotFoundError } from '../../domain/errors';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { signalInvoiceReminders } from '../../lib/jobs/invoice-reminders-signal';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { downloadLink } from '../../lib/s3-links';
import { DOCUMENT_PDF_JOB, type DocumentPdf } from '../../workflows/invoicing/contract';
import { IdParams, PageQuery } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { type KeptPdfDeps, keptPdfLink, startKeptPdf } from './kept-pdf';
import { presentCreditNote, presentDocument, presentPayment } from './presenter';
import {
  CreateCreditNoteBody,
  CreateDepositInvoiceBody,
  ExportQuery,
  PaymentParams,
  RecordPaymentBody,
  RecordRefundBody,
} from './schema';

export interface LedgerRouterDeps extends KeptPdfDeps {
  sequelize: Sequelize;
  cardProvider: Stripe;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}

const cents = (amount: number | undefined) => (amount === undefined ? undefined : toHundredths(amount));

/**
 * Legal invoicing (issue 20; docs/invoicing.md): issuing an invoice, its payments ledger (manual
 * payments and their same-day reversal), its credit notes and their refunds; deposit invoices of a
 * quote's installments (issue 21 §1, docs/payment-schedules.md).
 */
export function buildInvoiceLedgerRouter(deps: LedgerRouterDeps): Router {
  const { sequelize, cardProvider, kit, temporal, publicS3, config, logger } = deps;
  // A payment, its reversal or a credit note moves what is owed: the invoice's reminders look again at once.
  const wakeReminders = (invoiceId: string) => signalInvoiceReminders(temporal, [invoiceId], logger);
  const router = Router();

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/invoices/:id/issue',
      operationId: 'issueInvoice',
      summary:
        'Issue a draft invoice: its legal number, issue date and due date; from then on it never changes (again: the issued invoice, unchanged)',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params, req }) => {
      const invoice = await issueInvoice(sequelize, makeEInvoiceXml, user.id, params.id, req.requestId);
      // The pdf the studio keeps is started by the outbox relay from the issue's event: the issue never waits for it or fails with it.
      return presentDocument('invoice', invoice, user.timeZone);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/quotes/:id/deposit-invoices',
      operationId: 'createDepositInvoice',
      summary:
        "A DRAFT deposit invoice (facture d'acompte) for one installment of a sent or accepted quote's schedule, split over the quote's VAT rates; one per installment (409 deposit_exists)",
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
      body: CreateDepositInvoiceBody,
      status: 201,
    },
    async ({ user, params, body, req }) =>
      presentDocument(
        'invoice',
        await createDepositInvoice(sequelize, user.id, params.id, body.installment, req.requestId),
        user.timeZone,
      ),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/quotes/:id/deposit-invoices',
      operationId: 'listDepositInvoices',
      summary: "The quote's deposit invoices (drafts, issued and cancelled), by installment",
      tag: 'quotes',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => {
      await findDocument(sequelize, 'quote', params.id, user.id);
      return {
        quote_id: params.id,
        items: (await listQuoteDeposits(sequelize, user.id, params.id)).map((invoice) =>
          presentDocument('invoice', invoice, user.timeZone),
        ),
      };
    },
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/invoices/:id/payments',
      operationId: 'listInvoicePayments',
      summary: "The invoice's payments ledger: payments, refunds and reversals, oldest first",
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => {
      const invoice = await findDocument(sequelize, 'invoice', params.id, user.id);
      const rows = await listInvoicePayments(sequelize, user.id, invoice.id);
      return { invoice_id: invoice.id, items: rows.map(presentPayment) };
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/invoices/:id/payments',
      operationId: 'recordInvoicePayment',
      summary:
        'Record a payment received by transfer, cash, check or otherwise (at most the balance due unless overpayment is true)',
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      body: RecordPaymentBody,
      status: 201,
    },
    async ({ user, params, body, req }) => {
      const payment = await recordManualPayment(
        sequelize,
        user.id,
        params.id,
        {
          amountCents: toHundredths(body.amount),
          method: body.method,
          receivedAt: body.received_at ?? new Date(),
          reference: body.reference,
          note: body.note,
          allowOverpayment: body.overpayment,
        },
        req.requestId,
      );
      await wakeReminders(params.id);
      return presentPayment(payment);
    },
  );

  kit.route(
    router,
    {
      method: 'delete',
      path: '/api/invoices/:id/payments/:paymentId',
      operationId: 'reverseInvoicePayment',
      summary:
        'Reverse a payment entered by mistake, the day it was received: answers the reversal row (the payment stays in the ledger)',
      tag: 'invoices',
      auth: 'user',
      params: PaymentParams,
    },
    async ({ user, params, req }) => {
      const reversal = await reversePayment(sequelize, user.id, params.id, params.paymentId, req.requestId);
      await wakeReminders(params.id);
      return presentPayment(reversal);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/invoices/:id/credit-notes',
      operationId: 'issueCreditNote',
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
    return keptPdfLink(
      deps,
      { kind: 'credit_note', id: note.id, pdf_key: note.pdf_key, pdf_sha256: note.pdf_sha256 },
      user,
      requestId,
    );
  };

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/credit-notes/:id/pdf',
      operationId: 'getCreditNotePdf',
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
            receivedAt: body.received_at ?? new Date(),
            reference: body.reference,
            note: body.note,
          },
          req.requestId,
        ),
      ),
  );

  return router;
}
