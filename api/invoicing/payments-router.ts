import { Router } from 'express';
import { findDocument } from '../../db/queries/invoicing';
import { recordManualPayment } from '../../db/commands/record-payment';
import { reversePayment } from '../../db/commands/reverse-payment';
import { listInvoicePayments } from '../../db/queries/invoice-ledger';
import { toHundredths } from '../../domain/invoicing/money';
import { IdParams } from '../http/common-schemas';
import { presentPayment } from './presenter';
import { PaymentParams, RecordPaymentBody } from './schema';
import { receivedAtOf } from './received-at';
import { type LegalInvoicingRouterDeps, reminderWaker } from './legal-invoicing-deps';

/** The payments ledger of an invoice (issue 20 §5): manual payments and their same-day reversal, /api/invoices/:id/payments. */
export function buildInvoicePaymentsRouter(deps: LegalInvoicingRouterDeps): Router {
  const { sequelize, kit } = deps;
  const wakeReminders = reminderWaker(deps);
  const router = Router();

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
      const invoice = await findDocument(sequelize, 'invoice', params.id, user.orgId);
      const rows = await listInvoicePayments(sequelize, user.orgId, invoice.id);
      return { invoice_id: invoice.id, items: rows.map(presentPayment) };
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/invoices/:id/payments',
      operationId: 'recordInvoicePayment',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'nothing_due', 'payment_exceeds_balance'],
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
        user.orgId,
        params.id,
        {
          amountCents: toHundredths(body.amount),
          method: body.method,
          receivedAt: receivedAtOf(body.received_at, user.timeZone),
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
      errors: ['reversal_not_allowed'],
      summary:
        'Reverse a payment entered by mistake, the day it was received: answers the reversal row (the payment stays in the ledger)',
      tag: 'invoices',
      auth: 'user',
      params: PaymentParams,
    },
    async ({ user, params, req }) => {
      const reversal = await reversePayment(sequelize, user.orgId, params.id, params.paymentId, req.requestId);
      await wakeReminders(params.id);
      return presentPayment(reversal);
    },
  );

  return router;
}
