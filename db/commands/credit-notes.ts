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
import { assertIssued, ledgerError, ledgerSummary, lockInvoice, settleInvoice } from './invoice-ledger';

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

/** Refunds `amountCents` of card payment `paymentIntentId` at the provider; answers the provider's refund id. */
export type CardRefunder = (paymentIntentId: string, amountCents: bigint, idempotencyKey: string) => Promise<string>;

/**
 * Records a refund of money covered by credit note `id` (issue 20 §4), in one transaction holding
 * the invoice's lock: at most what the client paid beyond what it owes, and at most the credit
 * note's amount less its earlier refunds (409 otherwise). A card refund goes through the provider
 * first (on the invoice's latest card payment large enough, idempotent per credit note and
 * refund count), then lands in the ledger with the provider's refund id.
 */
export async function recordRefund(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  input: RefundInput,
  cardRefunder: CardRefunder,
  requestId?: string,
): Promise<InvoicePayment> {
  return sequelize.transaction(async (transaction) => {
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
    let providerReference: string | null = null;
    if (input.method === 'card') {
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
      providerReference = await cardRefunder(
        card.provider_reference,
        amountCents,
        `refund-${creditNote.id}-${earlier.length + 1}`,
      );
    }
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
  });
}
