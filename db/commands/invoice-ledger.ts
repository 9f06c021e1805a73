import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { checkPayment, type LedgerSummary } from '../../domain/invoicing/ledger';
import { ledgerError } from '../../domain/invoicing/ledger-error';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { type PaymentMethod } from '../../domain/invoicing/statuses';
import { AuditLog } from '../models/AuditLog';
import { Invoice } from '../models/Invoice';
import { InvoicePayment } from '../models/InvoicePayment';
import { assertIssued, ledgerSummary } from '../queries/invoice-ledger';
import { findOwned } from '../queries/owned';
import { appendLedgerRecord } from './append-ledger-record';
import { recordDomainEvent } from './record-domain-event';
import { recordPaymentReceipt } from './record-payment-receipt';

/**
 * The payments ledger of an invoice (issue 20 §5): every write locks the invoice row, checks the
 * new row against domain/invoicing/ledger.ts, appends it, and stores what the ledger now says on
 * the invoice (payment status, amount paid, credited, balance due, paid at; CANCELLED once fully
 * credited), with INVOICE_STATUS_CHANGED when either status moves.
 */

/** The owner's invoice, locked for the rest of the transaction; 404 when it is not theirs. */
export function lockInvoice(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  transaction: Transaction,
): Promise<Invoice> {
  return findOwned(sequelize, Invoice, 'Invoice', invoiceId, ownerId, { transaction, lock: true });
}

/**
 * Stores on the locked invoice what its ledger now says, and records INVOICE_STATUS_CHANGED when
 * its status (ISSUED → CANCELLED) or payment status changed. Returns the summary.
 */
export async function settleInvoice(
  sequelize: Sequelize,
  invoice: Invoice,
  transaction: Transaction,
  requestId?: string,
  cause?: Record<string, unknown>,
): Promise<LedgerSummary> {
  const summary = await ledgerSummary(sequelize, invoice, transaction);
  const before = { status: invoice.status, payment_status: invoice.payment_status };
  const cancelled = invoice.status === 'ISSUED' && summary.creditableCents === 0n && toHundredths(invoice.amount) > 0n;
  invoice.set({
    amount_paid: centsToDecimal(summary.amountPaidCents),
    credited: centsToDecimal(summary.creditedCents),
    balance_due: centsToDecimal(summary.balanceDueCents),
    payment_status: summary.paymentStatus,
    paid_at: summary.paidAt,
    ...(cancelled ? { status: 'CANCELLED' as const, cancelled_at: new Date() } : {}),
  });
  await invoice.save({ transaction });
  if (before.status !== invoice.status || before.payment_status !== invoice.payment_status) {
    const after = invoice.get({ plain: true }) as Record<string, unknown>;
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'INVOICE_STATUS_CHANGED',
        entityType: 'INVOICE',
        entityId: invoice.id,
        ownerId: invoice.owner_id,
        payload: {
          ...after,
          previous_status: before.status,
          previous_payment_status: before.payment_status,
          ...(cause ?? {}),
        },
        requestId,
      },
      transaction,
    );
  }
  return summary;
}

export interface PaymentInput {
  amountCents: bigint;
  method: PaymentMethod;
  receivedAt: Date;
  currency?: string;
  reference?: string | null;
  providerReference?: string | null;
  note?: string | null;
  /** The studio keeps what exceeds the balance as a credit on the client (issue 20 §5). */
  allowOverpayment?: boolean;
}

/**
 * Appends a payment to the locked, issued invoice's ledger and settles it, with its receipt, an
 * audit row and PAYMENT_RECEIVED, and chains it in the studio's ledger. The caller holds the transaction
 * (manual payments, provider webhooks).
 */
export async function addPayment(
  sequelize: Sequelize,
  invoice: Invoice,
  input: PaymentInput,
  transaction: Transaction,
  actorId: string | null,
  requestId?: string,
): Promise<InvoicePayment> {
  // Money a provider already took is recorded whatever the invoice says (a second payment of a paid
  // or cancelled invoice is an overpayment to refund); the studio's own entries pass the checks.
  const taken = Boolean(input.providerReference);
  if (!taken) assertIssued(invoice);
  const summary = await ledgerSummary(sequelize, invoice, transaction);
  const refusal = checkPayment(summary, input.amountCents, { allowOverpayment: input.allowOverpayment });
  if (refusal && !(taken && refusal.code !== 'amount_not_positive')) throw ledgerError(refusal);
  const payment = await InvoicePayment.create(
    {
      owner_id: invoice.owner_id,
      invoice_id: invoice.id,
      kind: 'payment',
      amount: centsToDecimal(input.amountCents),
      // A manual entry is in the invoice's currency; a provider's names its own (checked against the payment).
      currency: (input.currency ?? invoice.currency).toUpperCase(),
      method: input.method,
      received_at: input.receivedAt,
      reference: input.reference ?? null,
      provider_reference: input.providerReference ?? null,
      note: input.note ?? null,
      is_overpayment: input.amountCents > summary.balanceDueCents,
    },
    { transaction },
  );
  const cause = { payment_id: payment.id, payment_method: payment.method, payment_amount: payment.amount };
  const settled = await settleInvoice(sequelize, invoice, transaction, requestId, cause);
  // Every payment gets its receipt (issue 31 §3): numbered and fixed here, its pdf and email made
  // by the job PAYMENT_RECEIVED starts (lib/jobs/outbox-dispatch.ts).
  const receipt = await recordPaymentReceipt(sequelize, invoice, payment, settled.balanceDueCents, transaction);
  await AuditLog.create(
    {
      actor_id: actorId,
      action: 'UPDATE',
      entity_type: 'INVOICE',
      entity_id: invoice.id,
      resource_owner_id: invoice.owner_id,
      request_id: requestId ?? null,
      metadata: { changed: ['payments'], payment: { id: payment.id, method: payment.method, amount: payment.amount } },
    },
    { transaction },
  );
  const after = invoice.get({ plain: true }) as Record<string, unknown>;
  await recordDomainEvent(
    sequelize,
    {
      eventType: 'PAYMENT_RECEIVED',
      entityType: 'INVOICE',
      entityId: invoice.id,
      ownerId: invoice.owner_id,
      payload: {
        ...after,
        ...cause,
        payment_provider:
          input.method === 'card' ? 'cardprovider' : input.method === 'wallet' ? 'walletprovider' : null,
        payment_reference: payment.provider_reference ?? payment.reference,
        payment_currency: payment.currency,
        receipt_id: receipt.id,
        receipt_number: receipt.number,
      },
      requestId,
    },
    transaction,
  );
  // Last, once its receipt is numbered: the payment joins the studio's ledger chain (issue 32 §6).
  await appendLedgerRecord(sequelize, invoice.owner_id, { kind: 'payment', id: payment.id }, transaction);
  return payment;
}
