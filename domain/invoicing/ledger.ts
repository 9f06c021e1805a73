import { formatDateInZone } from '../wall-clock';
import { centsToDecimal } from './money';

/**
 * An invoice's payments ledger (issue 20 §1, §4, §5): from its total, its ledger entries and its
 * credit notes, everything derived (amount paid, balance due, payment status, paid at, overdue,
 * what may still be credited), and the checks a new entry or credit note must pass. Integer
 * cents throughout; nothing here reads or writes a row.
 */

/**
 * A ledger entry. A `payment` is money received; a `refund` is money given back (after a credit
 * note covering money already paid, or an overpayment); a `reversal` cancels one payment entered
 * by mistake (issue 20 §5: a same-day DELETE), always for exactly that payment's amount, so it
 * carries no amount of its own.
 */
export type LedgerEntry =
  | { kind: 'payment' | 'refund'; id: string; amountCents: bigint; receivedAt: Date }
  | { kind: 'reversal'; id: string; reverses: string; receivedAt: Date };

/** A credit note (avoir) against the invoice: what it credits, including VAT. */
export interface CreditNoteEntry {
  id: string;
  amountCents: bigint;
  issuedAt: Date;
}

export const PAYMENT_STATUSES = ['UNPAID', 'PARTIALLY_PAID', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface LedgerSummary {
  /** Money the studio keeps: payments, less reversed payments, less refunds. Never negative. */
  amountPaidCents: bigint;
  refundedCents: bigint;
  creditedCents: bigint;
  /** total − amount paid − credited, floored at 0. */
  balanceDueCents: bigint;
  /**
   * What the client paid beyond what it owes, floored at 0: an allowed overpayment (a credit on
   * the client), or a credit note covering money already paid. A refund may take it back to 0.
   * Always amountPaid + credited + balanceDue − overpaid = total.
   */
  overpaidCents: bigint;
  /** What a new credit note may still credit: total − credit notes already issued, floored at 0. */
  creditableCents: bigint;
  paymentStatus: PaymentStatus;
  /** When the balance last reached zero and has stayed there since; null unless PAID. */
  paidAt: Date | null;
}

const max0 = (v: bigint) => (v < 0n ? 0n : v);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** The ids of the reversed payments. Throws on a reversal that names no payment, or a payment reversed twice: stored data the checks below refuse. */
function reversedPayments(entries: readonly LedgerEntry[]): Set<string> {
  const payments = new Set(entries.filter((e) => e.kind === 'payment').map((e) => e.id));
  const reversed = new Set<string>();
  for (const e of entries) {
    if (e.kind !== 'reversal') continue;
    if (!payments.has(e.reverses))
      throw new RangeError(`Reversal ${e.id} names ${e.reverses}, which is not a payment of this invoice`);
    if (reversed.has(e.reverses)) throw new RangeError(`Payment ${e.reverses} is reversed twice`);
    reversed.add(e.reverses);
  }
  return reversed;
}

/**
 * Signed effect of each entry on the money kept (+ payment, − refund). A reversed payment and its
 * reversal are left out together: a reversal corrects an entry made by mistake, so the ledger,
 * paidAt included, reads as if that payment had never been entered.
 */
function moneyMoves(entries: readonly LedgerEntry[]): { id: string; at: Date; cents: bigint; rank: number }[] {
  const reversed = reversedPayments(entries);
  return entries.flatMap((e) =>
    e.kind === 'reversal' || reversed.has(e.id)
      ? []
      : [{ id: e.id, at: e.receivedAt, cents: e.kind === 'payment' ? e.amountCents : -e.amountCents, rank: 0 }],
  );
}

/**
 * Payment status from the money kept and the balance: PAID when the balance is 0 and money was
 * kept; PARTIALLY_PAID when some was and a balance remains; UNPAID otherwise. So an invoice
 * without credit notes is PAID exactly when its balance is 0 and its total is above 0; a
 * zero-total invoice, or one fully credited with nothing kept, is UNPAID with nothing due (and
 * never overdue): PAID is only ever reached by a payment.
 */
function statusOf(amountPaid: bigint, balanceDue: bigint): PaymentStatus {
  if (amountPaid === 0n) return 'UNPAID';
  return balanceDue === 0n ? 'PAID' : 'PARTIALLY_PAID';
}

/**
 * Everything derived from an invoice's total (cents, with VAT), its ledger entries and its credit
 * notes. Independent of the order the entries come in: `paidAt` walks them by date (then credit
 * notes before money on the same instant, then id), so a permutation gives the same answer.
 */
export function summarizeLedger(
  totalCents: bigint,
  entries: readonly LedgerEntry[],
  creditNotes: readonly CreditNoteEntry[],
): LedgerSummary {
  const moves = moneyMoves(entries);
  const refundedCents = sum(entries.flatMap((e) => (e.kind === 'refund' ? [e.amountCents] : [])));
  const amountPaidCents = sum(moves.map((m) => m.cents));
  const creditedCents = sum(creditNotes.map((c) => c.amountCents));
  const raw = totalCents - amountPaidCents - creditedCents;
  const balanceDueCents = max0(raw);
  const paymentStatus = statusOf(amountPaidCents, balanceDueCents);

  let paidAt: Date | null = null;
  if (paymentStatus === 'PAID') {
    // Replay the events in time order: paidAt is the first moment of the last stretch at balance 0.
    const events = [
      ...creditNotes.map((c) => ({ id: c.id, at: c.issuedAt, cents: c.amountCents, rank: -1 })),
      ...moves,
    ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let balance = totalCents;
    for (const event of events) {
      balance -= event.cents;
      if (balance > 0n) paidAt = null;
      else paidAt ??= event.at;
    }
  }
  return {
    amountPaidCents,
    refundedCents,
    creditedCents,
    balanceDueCents,
    overpaidCents: max0(-raw),
    creditableCents: max0(totalCents - creditedCents),
    paymentStatus,
    paidAt,
  };
}

/**
 * Whether an invoice is overdue: issued, a balance due above 0, and its due date (`YYYY-MM-DD`,
 * as stored) strictly before today on the studio's calendar. Due today is not overdue yet.
 */
export function isOverdue(
  invoice: { issued: boolean; balanceDueCents: bigint; dueDate: string | null },
  now: Date,
  timeZone: string,
): boolean {
  if (!invoice.issued || invoice.balanceDueCents <= 0n || !invoice.dueDate) return false;
  return invoice.dueDate < formatDateInZone(now, timeZone);
}

/** Why the ledger refuses an entry or credit note: a stable code for the API to map, and a message. */
export interface LedgerRefusal {
  code:
    | 'amount_not_positive'
    | 'nothing_due'
    | 'payment_exceeds_balance'
    | 'credit_exceeds_creditable'
    | 'refund_exceeds_overpaid'
    | 'reversal_not_allowed';
  message: string;
}

const euros = centsToDecimal;

function positive(amountCents: bigint, what: string): LedgerRefusal | null {
  return amountCents > 0n ? null : { code: 'amount_not_positive', message: `A ${what} must be more than 0.00` };
}

/**
 * A new payment: above 0, on an invoice with a balance due, and no more than that balance unless
 * the studio records an overpayment (the rest kept as a credit on the client). With nothing due
 * (a zero-total, fully paid or fully credited invoice) there is nothing to pay, overpayment or not.
 */
export function checkPayment(
  summary: LedgerSummary,
  amountCents: bigint,
  options: { allowOverpayment?: boolean } = {},
): LedgerRefusal | null {
  const refusal = positive(amountCents, 'payment');
  if (refusal) return refusal;
  if (summary.balanceDueCents === 0n)
    return { code: 'nothing_due', message: 'Nothing is due on this invoice: there is no balance to pay' };
  if (options.allowOverpayment || amountCents <= summary.balanceDueCents) return null;
  return {
    code: 'payment_exceeds_balance',
    message: `The payment of ${euros(amountCents)} is more than the balance due, ${euros(summary.balanceDueCents)}; record it as an overpayment to keep the rest as a credit on the client`,
  };
}

/**
 * A new credit note: above 0 and no more than what is still creditable. It may exceed the balance
 * due: `refundDueCents` is then the part that covers money already paid, which the studio owes
 * back (a refund brings `overpaid` back to 0).
 */
export function checkCreditNote(
  summary: LedgerSummary,
  amountCents: bigint,
): { refusal: LedgerRefusal; refundDueCents?: never } | { refusal: null; refundDueCents: bigint } {
  const refusal = positive(amountCents, 'credit note');
  if (refusal) return { refusal };
  if (amountCents > summary.creditableCents) {
    return {
      refusal: {
        code: 'credit_exceeds_creditable',
        message: `The credit note of ${euros(amountCents)} is more than what is still creditable, ${euros(summary.creditableCents)}`,
      },
    };
  }
  return { refusal: null, refundDueCents: max0(amountCents - summary.balanceDueCents) };
}

/** A new refund: above 0 and no more than what the client paid beyond what it owes (`overpaid`). */
export function checkRefund(summary: LedgerSummary, amountCents: bigint): LedgerRefusal | null {
  const refusal = positive(amountCents, 'refund');
  if (refusal || amountCents <= summary.overpaidCents) return refusal;
  return {
    code: 'refund_exceeds_overpaid',
    message: `The refund of ${euros(amountCents)} is more than what is owed to the client, ${euros(summary.overpaidCents)}`,
  };
}

/**
 * Reversing payment `paymentId` at `now`: it must be a payment of this ledger, not reversed yet,
 * received the same day on the studio's calendar (issue 20 §5; later, a refund is the way), and
 * not already partly refunded (the money kept would go below 0).
 */
export function checkReversal(
  entries: readonly LedgerEntry[],
  paymentId: string,
  now: Date,
  timeZone: string,
): LedgerRefusal | null {
  const payment = entries.find(
    (e): e is Extract<LedgerEntry, { amountCents: bigint }> => e.id === paymentId && e.kind === 'payment',
  );
  if (!payment) return { code: 'reversal_not_allowed', message: 'Only a payment of this invoice can be reversed' };
  if (reversedPayments(entries).has(paymentId))
    return { code: 'reversal_not_allowed', message: 'This payment is already reversed' };
  if (formatDateInZone(payment.receivedAt, timeZone) !== formatDateInZone(now, timeZone)) {
    return {
      code: 'reversal_not_allowed',
      message: 'A payment can only be reversed on the day it was received; record a refund instead',
    };
  }
  // Money already refunded out of this payment cannot be taken back by erasing the payment.
  if (sum(moneyMoves(entries).map((m) => m.cents)) - payment.amountCents < 0n) {
    return {
      code: 'reversal_not_allowed',
      message: 'Part of this payment was already refunded: it can no longer be reversed',
    };
  }
  return null;
}
