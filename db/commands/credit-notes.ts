import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { type CreditRequestLine, creditedLines } from '../../domain/invoicing/credit-note-lines';
import { creditNoteVat, creditOverrun } from '../../domain/invoicing/credit-vat';
import { checkCreditNote, checkRefund } from '../../domain/invoicing/ledger';
import { centsToDecimal, toHundredths } from '../../domain/invoicing/money';
import { type PaymentMethod } from '../../domain/invoicing/statuses';
import { storedVatParts, vatPartsOf } from '../../domain/invoicing/stored-vat';
import { computeTotals } from '../../domain/invoicing/totals';
import { AuditLog } from '../models/AuditLog';
import { CreditNote, type CreditNoteLine } from '../models/CreditNote';
import { InvoiceItem } from '../models/InvoiceItem';
import { InvoicePayment } from '../models/InvoicePayment';
import { User } from '../models/User';
import { drawDocumentNumber } from './document-numbers';
import { assertIssued, ledgerSummary } from '../queries/invoice-ledger';
import { ledgerError, lockInvoice, settleInvoice } from './invoice-ledger';

export interface CreditNoteInput {
  reason: string;
  /** Cents with tax; absent with no items: everything still creditable. */
  amountCents?: bigint;
  items?: CreditRequestLine[];
}

/**
 * Issues a credit note against an issued invoice (issue 20 §4), in one transaction: what it
 * credits (an amount, some lines, or everything still creditable) checked against the ledger
 * (never more than creditable: 409), its number drawn from the studio's credit-note series, and
 * the invoice settled (balance lowered, CANCELLED once fully credited). Answers the credit note and
 * the part of it that covers money already paid (`refundDueCents`).
 */
export async function issueCreditNote(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  input: CreditNoteInput,
  requestId?: string,
): Promise<{ creditNote: CreditNote; refundDueCents: bigint }> {
  return sequelize.transaction(async (transaction) => {
    const invoice = await lockInvoice(sequelize, ownerId, invoiceId, transaction);
    assertIssued(invoice);
    const summary = await ledgerSummary(sequelize, invoice, transaction);
    let lines: CreditNoteLine[] = [];
    let amountCents = input.amountCents ?? summary.creditableCents;
    const invoiceLines = await InvoiceItem.findAll({ where: { invoice_id: invoice.id }, transaction });
    if (input.items) {
      const credited = creditedLines(
        invoiceLines.map((l) => ({
          id: l.id,
          item_type: l.item_type,
          description: l.description,
          quantity: l.quantity,
          vat_percentage: l.vat_percentage,
          total: l.total,
        })),
        input.items,
      );
      if (!credited.ok) throw new ValidationError('The lines to credit are not valid', credited.problems);
      lines = credited.lines;
      amountCents = credited.amountCents;
    }
    if (amountCents === 0n && input.amountCents === undefined)
      throw new ConflictError('credit_exceeds_creditable', 'Nothing is left to credit on this invoice');
    const check = checkCreditNote(summary, amountCents);
    if (check.refusal) throw ledgerError(check.refusal);
    // Its VAT breakdown, fixed now: the invoice's rates less what its earlier credit notes took (read under the invoice's lock).
    const invoiceVat = computeTotals(invoiceLines).vat.map((v) => ({
      vatBasisPoints: v.vatBasisPoints,
      withTaxCents: v.baseCents + v.vatCents,
    }));
    const earlier = (
      await CreditNote.findAll({ where: { invoice_id: invoice.id }, attributes: ['vat_parts'], transaction })
    ).map((n) => vatPartsOf(n.vat_parts));
    const credited = lines.map((l) => ({
      vatBasisPoints: Number(toHundredths(l.vat_percentage)),
      withTaxCents: toHundredths(l.total),
    }));
    const parts = creditNoteVat({ amountCents, lines: credited }, invoiceVat, earlier);
    const overrun = lines.length > 0 ? creditOverrun(parts, invoiceVat, earlier) : null;
    if (overrun) {
      const rate = centsToDecimal(BigInt(overrun.vatBasisPoints)).replace(/\.?0+$/, '');
      throw new ConflictError(
        'credit_exceeds_creditable',
        `These lines credit more at ${rate} % than is left to credit at that rate, ${centsToDecimal(overrun.creditableCents)}: credit an amount instead`,
      );
    }
    const { time_zone: timeZone } = await User.findByPk(ownerId, {
      attributes: ['time_zone'],
      transaction,
      rejectOnEmpty: true,
    });
    const issuedAt = new Date();
    const number = await drawDocumentNumber(sequelize, ownerId, 'credit_note', issuedAt, timeZone, transaction);
    const creditNote = await CreditNote.create(
      {
        owner_id: ownerId,
        invoice_id: invoice.id,
        number,
        reason: input.reason.trim(),
        amount: centsToDecimal(amountCents),
        items: lines,
        vat_parts: storedVatParts(parts),
        issued_at: issuedAt,
      },
      { transaction },
    );
    await settleInvoice(sequelize, invoice, transaction, requestId, {
      credit_note_id: creditNote.id,
      credit_note_number: number,
    });
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'CREATE',
        entity_type: 'CREDIT_NOTE',
        entity_id: creditNote.id,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { invoice_id: invoice.id, invoice_number: invoice.number, number, amount: creditNote.amount },
      },
      { transaction },
    );
    return { creditNote, refundDueCents: check.refundDueCents };
  });
}

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
async function planRefund(
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

/** Writes a planned refund into the ledger under the invoice's lock, settles the invoice and audits it. */
async function writeRefund(
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
  return refund;
}

/**
 * Records a refund by hand (bank transfer, cash, check) of money covered by credit note `id`
 * (issue 20 §4): checked and written in one transaction holding the invoice's lock.
 */
export function recordRefund(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  input: RefundInput,
  requestId?: string,
): Promise<InvoicePayment> {
  if (input.method === 'card')
    throw new Error('A card refund goes through the provider: lib/payments/refund-credit-note.ts');
  return sequelize.transaction(async (transaction) =>
    writeRefund(
      sequelize,
      ownerId,
      await planRefund(sequelize, ownerId, id, input, transaction),
      input,
      null,
      transaction,
      requestId,
    ),
  );
}

/** A card refund checked against the ledger and committed as a plan, before the provider is asked. */
export interface CardRefundPlan extends RefundPlan {
  card: NonNullable<RefundPlan['card']>;
}

/**
 * The first step of a card refund (lib/payments/refund-credit-note.ts): the refund checked under
 * the invoice's lock, as a plan naming the card payment and the provider's idempotency key
 * (per credit note and refund count, so two requests racing send one refund). The lock ends with
 * this call: the provider is asked with no transaction open.
 */
export function planCardRefund(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  input: RefundInput,
): Promise<CardRefundPlan> {
  return sequelize.transaction(async (transaction) => {
    const plan = await planRefund(sequelize, ownerId, id, { ...input, method: 'card' }, transaction);
    return plan as CardRefundPlan;
  });
}

/**
 * The last step of a card refund: written under the invoice's lock with the provider's refund id,
 * once (a racing request that got the same refund from the provider finds the row written).
 */
export function recordCardRefund(
  sequelize: Sequelize,
  ownerId: string,
  plan: CardRefundPlan,
  input: RefundInput,
  providerReference: string,
  requestId?: string,
): Promise<InvoicePayment> {
  return sequelize.transaction(async (transaction) => {
    await lockInvoice(sequelize, ownerId, plan.creditNote.invoice_id, transaction);
    const recorded = await InvoicePayment.findOne({
      where: { credit_note_id: plan.creditNote.id, kind: 'refund', provider_reference: providerReference },
      transaction,
    });
    return recorded ?? writeRefund(sequelize, ownerId, plan, input, providerReference, transaction, requestId);
  });
}
