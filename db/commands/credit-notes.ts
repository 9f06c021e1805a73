import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { checkRefund } from '../../domain/invoicing/ledger';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { type PaymentMethod } from '../../domain/invoicing/statuses';
import { AuditLog } from '../models/AuditLog';
import { CreditNote } from '../models/CreditNote';
import { InvoicePayment } from '../models/InvoicePayment';
import { ledgerSummary } from '../queries/invoice-ledger';
import { appendLedgerRecord } from './append-ledger-record';
import { ledgerError } from '../../domain/invoicing/ledger-error';
import { lockInvoice, settleInvoice } from './invoice-ledger';

export interface RefundInput {
  /** Cents; absent: everything refundable on this credit note. */
  amountCents?: bigint;
  /** `card`: through the card provider, on the invoice's card payment; else recorded by hand. */
  method: PaymentMethod;
  receivedAt: Date;
  reference?: string | null;
  note?: string | null;
}

/** A refund checked against the ledger, ready to be written (and, by card, to be sent first). */
interface RefundPlan {
  creditNote: CreditNote;
  amountCents: bigint;
  /** By card: the payment refunded at the provider, and the key that makes the provider's refund idempotent. */
  card?: { paymentIntentId: string; idempotencyKey: string };
}

/**
 * What may be refunded on credit note `id`, checked under the invoice's lock: at most what the
 * client paid beyond what it owes, and at most the credit note's amount less its earlier refunds
 * (409 otherwise); by card, on the invoice's latest card payment large enough.
 */
export async function planRefund(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  input: RefundInput,
  transaction: Transaction,
): Promise<RefundPlan> {
  const creditNote = await CreditNote.findOne({ where: { id, owner_id: ownerId }, transaction });
  if (!creditNote) throw new NotFoundError('Credit note');
  const invoice = await lockInvoice(sequelize, ownerId, creditNote.invoice_id, transaction);
  const summary = await ledgerSummary(sequelize, invoice, transaction);
  const earlier = await InvoicePayment.findAll({
    where: { credit_note_id: creditNote.id, kind: 'refund' },
    attributes: ['amount'],
    transaction,
  });
  const left = toHundredths(creditNote.amount) - earlier.reduce((sum, r) => sum + toHundredths(r.amount), 0n);
  const refundableCents = left < summary.overpaidCents ? left : summary.overpaidCents;
  const amountCents = input.amountCents ?? refundableCents;
  if (refundableCents <= 0n)
    throw new ConflictError('refund_exceeds_overpaid', 'Nothing is owed back to the client on this credit note');
  if (amountCents > refundableCents) {
    throw new ConflictError(
      'refund_exceeds_overpaid',
      `The refund of ${centsToDecimal(amountCents)} is more than what is owed back on this credit note, ${centsToDecimal(refundableCents)}`,
    );
  }
  const refusal = checkRefund(summary, amountCents);
  if (refusal) throw ledgerError(refusal);
  if (input.method !== 'card') return { creditNote, amountCents };
  const card = await InvoicePayment.findOne({
    where: { invoice_id: invoice.id, kind: 'payment', method: 'card', reverses_id: null },
    order: [['received_at', 'DESC']],
    transaction,
  });
  if (!card?.provider_reference || toHundredths(card.amount) < amountCents) {
    throw new ConflictError(
      'refund_exceeds_overpaid',
      'No card payment of this invoice is large enough for this refund: refund by hand (bank_transfer, cash, check)',
    );
  }
  return {
    creditNote,
    amountCents,
    card: { paymentIntentId: card.provider_reference, idempotencyKey: `refund-${creditNote.id}-${earlier.length + 1}` },
  };
}

/** Writes a planned refund into the ledger under the invoice's lock, settles the invoice, audits it and chains it. */
export async function writeRefund(
  sequelize: Sequelize,
  ownerId: string,
  plan: RefundPlan,
  input: RefundInput,
  providerReference: string | null,
  transaction: Transaction,
  requestId?: string,
): Promise<InvoicePayment> {
  const { creditNote, amountCents } = plan;
  const invoice = await lockInvoice(sequelize, ownerId, creditNote.invoice_id, transaction);
  const refund = await InvoicePayment.create(
    {
      owner_id: ownerId,
      invoice_id: invoice.id,
      kind: 'refund',
      amount: centsToDecimal(amountCents),
      currency: invoice.currency,
      method: input.method,
      received_at: input.receivedAt,
      reference: input.reference ?? null,
      provider_reference: providerReference,
      note: input.note ?? null,
      credit_note_id: creditNote.id,
    },
    { transaction },
  );
  await settleInvoice(sequelize, invoice, transaction, requestId, {
    refund_id: refund.id,
    credit_note_id: creditNote.id,
  });
  await AuditLog.create(
    {
      actor_id: ownerId,
      action: 'UPDATE',
      entity_type: 'INVOICE',
      entity_id: invoice.id,
      resource_owner_id: ownerId,
      request_id: requestId ?? null,
      metadata: {
        changed: ['payments'],
        refund: { id: refund.id, credit_note_id: creditNote.id, method: refund.method, amount: refund.amount },
      },
    },
    { transaction },
  );
  await appendLedgerRecord(sequelize, ownerId, { kind: 'payment', id: refund.id }, transaction);
  return refund;
}

/** A card refund checked against the ledger and committed as a plan, before the provider is asked. */
export interface CardRefundPlan extends RefundPlan {
  card: NonNullable<RefundPlan['card']>;
}
