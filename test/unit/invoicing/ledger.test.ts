import fc from 'fast-check';
import {
  checkCreditNote,
  checkPayment,
  checkRefund,
  checkReversal,
  type CreditNoteEntry,
  isOverdue,
  type LedgerEntry,
  summarizeLedger,
} from '../../../domain/invoicing/ledger';

const PARIS = 'Europe/Paris';
const at = (iso: string) => new Date(iso);
const pay = (id: string, amountCents: bigint, iso = '2026-03-01T10:00:00Z'): LedgerEntry => ({
  kind: 'payment',
  id,
  amountCents,
  receivedAt: at(iso),
});
const refund = (id: string, amountCents: bigint, iso = '2026-03-20T10:00:00Z'): LedgerEntry => ({
  kind: 'refund',
  id,
  amountCents,
  receivedAt: at(iso),
});
const credit = (id: string, amountCents: bigint, iso = '2026-03-10T10:00:00Z'): CreditNoteEntry => ({
  id,
  amountCents,
  issuedAt: at(iso),
});

describe('summarizeLedger', () => {
  it('a deposit by transfer, the balance by card: PARTIALLY_PAID then PAID at the card payment', () => {
    const deposit = pay('p1', 30000n, '2026-03-01T09:00:00Z');
    expect(summarizeLedger(120000n, [deposit], [])).toMatchObject({
      amountPaidCents: 30000n,
      balanceDueCents: 90000n,
      paymentStatus: 'PARTIALLY_PAID',
      paidAt: null,
    });
    const summary = summarizeLedger(120000n, [deposit, pay('p2', 90000n, '2026-04-02T15:00:00Z')], []);
    expect(summary).toMatchObject({
      amountPaidCents: 120000n,
      balanceDueCents: 0n,
      overpaidCents: 0n,
      paymentStatus: 'PAID',
      paidAt: at('2026-04-02T15:00:00Z'),
      creditableCents: 120000n,
    });
  });

  it('a partial credit note lowers the balance and what is still creditable', () => {
    const summary = summarizeLedger(120000n, [pay('p1', 30000n)], [credit('c1', 20000n)]);
    expect(summary).toMatchObject({
      creditedCents: 20000n,
      balanceDueCents: 70000n,
      creditableCents: 100000n,
      paymentStatus: 'PARTIALLY_PAID',
    });
  });

  it('a credit note on a paid invoice is owed back; the refund settles it and the invoice stays PAID', () => {
    const paid = [pay('p1', 10000n)];
    const before = summarizeLedger(10000n, paid, []);
    expect(checkCreditNote(before, 4000n)).toEqual({ refusal: null, refundDueCents: 4000n });
    const credited = summarizeLedger(10000n, paid, [credit('c1', 4000n)]);
    expect(credited).toMatchObject({ balanceDueCents: 0n, overpaidCents: 4000n, paymentStatus: 'PAID' });
    const refunded = summarizeLedger(10000n, [...paid, refund('r1', 4000n)], [credit('c1', 4000n)]);
    expect(refunded).toMatchObject({
      amountPaidCents: 6000n,
      refundedCents: 4000n,
      balanceDueCents: 0n,
      overpaidCents: 0n,
      paymentStatus: 'PAID',
      paidAt: at('2026-03-01T10:00:00Z'),
    });
  });

  it('a reversal cancels its payment; paidAt is when the balance last reached zero', () => {
    const entries: LedgerEntry[] = [
      pay('p1', 5000n, '2026-03-01T10:00:00Z'),
      { kind: 'reversal', id: 'x1', reverses: 'p1', receivedAt: at('2026-03-01T11:00:00Z') },
    ];
    expect(summarizeLedger(5000n, entries, [])).toMatchObject({
      amountPaidCents: 0n,
      balanceDueCents: 5000n,
      paymentStatus: 'UNPAID',
      paidAt: null,
    });
    const repaid = summarizeLedger(5000n, [...entries, pay('p2', 5000n, '2026-03-05T10:00:00Z')], []);
    expect(repaid).toMatchObject({ paymentStatus: 'PAID', paidAt: at('2026-03-05T10:00:00Z') });
  });

  it('a zero-total invoice, and a fully credited one with nothing paid, are UNPAID with nothing due', () => {
    expect(summarizeLedger(0n, [], [])).toMatchObject({
      balanceDueCents: 0n,
      paymentStatus: 'UNPAID',
      paidAt: null,
      creditableCents: 0n,
    });
    expect(summarizeLedger(8000n, [], [credit('c1', 8000n)])).toMatchObject({
      balanceDueCents: 0n,
      creditableCents: 0n,
      paymentStatus: 'UNPAID',
      paidAt: null,
    });
  });

  it('refuses stored data the checks would have refused: a reversal of no payment, a payment reversed twice', () => {
    const reversal = (id: string, reverses: string): LedgerEntry => ({
      kind: 'reversal',
      id,
      reverses,
      receivedAt: at('2026-03-01T12:00:00Z'),
    });
    expect(() => summarizeLedger(100n, [reversal('x1', 'nope')], [])).toThrow(/not a payment/);
    expect(() => summarizeLedger(100n, [pay('p1', 100n), reversal('x1', 'p1'), reversal('x2', 'p1')], [])).toThrow(
      /reversed twice/,
    );
  });
});

describe('ledger checks', () => {
  const summary = summarizeLedger(10000n, [pay('p1', 4000n)], []);

  it('refuses a payment above the balance due unless it is recorded as an overpayment', () => {
    expect(checkPayment(summary, 6000n)).toBeNull();
    expect(checkPayment(summary, 6001n)).toEqual({
      code: 'payment_exceeds_balance',
      message:
        'The payment of 60.01 is more than the balance due, 60.00; record it as an overpayment to keep the rest as a credit on the client',
    });
    expect(checkPayment(summary, 6001n, { allowOverpayment: true })).toBeNull();
    expect(summarizeLedger(10000n, [pay('p1', 4000n), pay('p2', 6001n)], [])).toMatchObject({
      balanceDueCents: 0n,
      overpaidCents: 1n,
      paymentStatus: 'PAID',
    });
  });

  it('refuses any payment when nothing is due: a zero-total, fully paid or fully credited invoice', () => {
    const nothingDue = { code: 'nothing_due', message: 'Nothing is due on this invoice: there is no balance to pay' };
    expect(checkPayment(summarizeLedger(0n, [], []), 100n, { allowOverpayment: true })).toEqual(nothingDue);
    expect(checkPayment(summarizeLedger(10000n, [pay('p1', 10000n)], []), 100n, { allowOverpayment: true })).toEqual(
      nothingDue,
    );
    expect(checkPayment(summarizeLedger(10000n, [], [credit('c1', 10000n)]), 100n)).toEqual(nothingDue);
  });

  it('refuses a non-positive amount, whatever the entry', () => {
    for (const amount of [0n, -1n]) {
      expect(checkPayment(summary, amount, { allowOverpayment: true })?.code).toBe('amount_not_positive');
      expect(checkCreditNote(summary, amount).refusal?.code).toBe('amount_not_positive');
      expect(checkRefund(summary, amount)?.code).toBe('amount_not_positive');
    }
  });

  it('refuses a credit note above what is still creditable, and a refund above what is owed to the client', () => {
    expect(checkCreditNote(summary, 10000n)).toEqual({ refusal: null, refundDueCents: 4000n });
    expect(checkCreditNote(summary, 10001n).refusal).toEqual({
      code: 'credit_exceeds_creditable',
      message: 'The credit note of 100.01 is more than what is still creditable, 100.00',
    });
    expect(checkRefund(summary, 1n)?.code).toBe('refund_exceeds_overpaid');
  });

  it('reverses a payment only the day it was received, on the studio calendar, and only once', () => {
    const entries = [pay('p1', 4000n, '2026-03-01T22:30:00Z')]; // 23:30 in Paris
    expect(checkReversal(entries, 'p1', at('2026-03-01T22:50:00Z'), PARIS)).toBeNull();
    // 00:10 on 2 March in Paris: a new day there, though UTC still says 1 March.
    expect(checkReversal(entries, 'p1', at('2026-03-01T23:10:00Z'), PARIS)?.message).toMatch(/record a refund instead/);
    expect(checkReversal(entries, 'nope', at('2026-03-01T22:50:00Z'), PARIS)?.code).toBe('reversal_not_allowed');
    const reversed: LedgerEntry[] = [
      ...entries,
      { kind: 'reversal', id: 'x1', reverses: 'p1', receivedAt: at('2026-03-01T22:40:00Z') },
    ];
    expect(checkReversal(reversed, 'p1', at('2026-03-01T22:50:00Z'), PARIS)?.message).toBe(
      'This payment is already reversed',
    );
    // An overpayment partly refunded: erasing the payment would leave the refund paid out of nothing.
    const refunded = [pay('p2', 15000n, '2026-03-01T09:00:00Z'), refund('r1', 5000n, '2026-03-01T10:00:00Z')];
    expect(checkReversal(refunded, 'p2', at('2026-03-01T11:00:00Z'), PARIS)?.message).toBe(
      'Part of this payment was already refunded: it can no longer be reversed',
    );
  });
});

describe('isOverdue', () => {
  const invoice = { issued: true, balanceDueCents: 100n, dueDate: '2026-03-01' };

  it("is overdue only once the due date is strictly before today in the studio's zone", () => {
    expect(isOverdue(invoice, at('2026-03-01T22:59:00Z'), PARIS)).toBe(false); // 23:59 on the due date in Paris
    expect(isOverdue(invoice, at('2026-03-01T23:00:00Z'), PARIS)).toBe(true); // 00:00 the next day in Paris
    expect(isOverdue(invoice, at('2026-03-01T23:00:00Z'), 'America/New_York')).toBe(false);
  });

  it('is never overdue as a draft, with nothing due, or without a due date', () => {
    const later = at('2026-06-01T12:00:00Z');
    expect(isOverdue({ ...invoice, issued: false }, later, PARIS)).toBe(false);
    expect(isOverdue({ ...invoice, balanceDueCents: 0n }, later, PARIS)).toBe(false);
    expect(isOverdue({ ...invoice, dueDate: null }, later, PARIS)).toBe(false);
  });
});

// Random histories built through the checks, as the service will: only accepted entries are kept.
type Step = { op: 'pay' | 'overpay' | 'refund' | 'credit' | 'reverse'; amount: bigint; pick: number; minutes: number };
const step: fc.Arbitrary<Step> = fc.record({
  op: fc.constantFrom('pay', 'pay', 'overpay', 'refund', 'credit', 'reverse'),
  amount: fc.bigInt({ min: -100n, max: 200_000n }),
  pick: fc.nat(),
  minutes: fc.integer({ min: 0, max: 60 * 24 * 40 }),
});

/** `allowOverpay`: the studio may record overpayments; `creditsWithinBalance`: credit notes only up to the balance due (none covering money paid). */
function build(totalCents: bigint, steps: Step[], allowOverpay: boolean, creditsWithinBalance = false) {
  const entries: LedgerEntry[] = [];
  const credits: CreditNoteEntry[] = [];
  const start = at('2026-01-01T00:00:00Z').getTime();
  steps.forEach((s, i) => {
    const when = new Date(start + s.minutes * 60_000);
    const summary = summarizeLedger(totalCents, entries, credits);
    if (s.op === 'pay' || (s.op === 'overpay' && allowOverpay)) {
      if (!checkPayment(summary, s.amount, { allowOverpayment: s.op === 'overpay' }))
        entries.push({ kind: 'payment', id: `e${i}`, amountCents: s.amount, receivedAt: when });
    } else if (s.op === 'refund') {
      if (!checkRefund(summary, s.amount))
        entries.push({ kind: 'refund', id: `e${i}`, amountCents: s.amount, receivedAt: when });
    } else if (s.op === 'credit') {
      const check = checkCreditNote(summary, s.amount);
      if (!check.refusal && !(creditsWithinBalance && check.refundDueCents > 0n))
        credits.push({ id: `e${i}`, amountCents: s.amount, issuedAt: when });
    } else if (s.op === 'reverse') {
      const payments = entries.filter((e) => e.kind === 'payment');
      const target = payments[s.pick % Math.max(1, payments.length)];
      if (target && !checkReversal(entries, target.id, target.receivedAt, 'UTC'))
        entries.push({ kind: 'reversal', id: `e${i}`, reverses: target.id, receivedAt: target.receivedAt });
    }
  });
  return { entries, credits };
}

const totals = fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 500_000n }));
const histories = fc.tuple(totals, fc.array(step, { maxLength: 25 }), fc.boolean());

describe('ledger: properties', () => {
  it('without an overpayment, payments and credits never exceed the total, nor does the balance go negative', () => {
    fc.assert(
      fc.property(totals, fc.array(step, { maxLength: 25 }), (total, steps) => {
        // Credit notes only up to the balance due here: one past it covers money paid, owed back (next property).
        const { entries, credits } = build(total, steps, false, true);
        const s = summarizeLedger(total, entries, credits);
        expect(s.amountPaidCents + s.creditedCents <= total).toBe(true);
        expect(s.balanceDueCents).toBe(total - s.amountPaidCents - s.creditedCents);
        expect(s.overpaidCents).toBe(0n);
      }),
    );
  });

  it('any accepted history adds up: paid + credited + balance − overpaid = total, nothing negative, credits within the total', () => {
    fc.assert(
      fc.property(histories, ([total, steps, allowOverpay]) => {
        const { entries, credits } = build(total, steps, allowOverpay);
        const s = summarizeLedger(total, entries, credits);
        expect(s.amountPaidCents + s.creditedCents + s.balanceDueCents - s.overpaidCents).toBe(total);
        expect(
          s.balanceDueCents >= 0n && s.overpaidCents >= 0n && s.amountPaidCents >= 0n && s.creditableCents >= 0n,
        ).toBe(true);
        expect(s.creditedCents + s.creditableCents).toBe(total);
        // Money owed to the client never exceeds money kept: a credit note cannot create a debt to it.
        expect(s.overpaidCents <= s.amountPaidCents).toBe(true);
        // Overpaid without an allowed overpayment comes only from credit notes covering money paid.
        if (!allowOverpay) expect(s.overpaidCents <= s.creditedCents).toBe(true);
      }),
    );
  });

  it('PAID iff the balance is 0 and money was kept; without credit notes, iff the balance is 0 and the total above 0', () => {
    fc.assert(
      fc.property(histories, ([total, steps, allowOverpay]) => {
        const { entries, credits } = build(total, steps, allowOverpay);
        const s = summarizeLedger(total, entries, credits);
        expect(s.paymentStatus === 'PAID').toBe(s.balanceDueCents === 0n && s.amountPaidCents > 0n);
        expect(s.paidAt !== null).toBe(s.paymentStatus === 'PAID');
        if (credits.length === 0) expect(s.paymentStatus === 'PAID').toBe(s.balanceDueCents === 0n && total > 0n);
        if (s.paymentStatus === 'UNPAID') expect(s.amountPaidCents).toBe(0n);
      }),
    );
  });

  it('the order of the entries and credit notes does not change the result', () => {
    fc.assert(
      fc.property(
        histories.chain(([total, steps, allowOverpay]) => {
          const { entries, credits } = build(total, steps, allowOverpay);
          return fc.tuple(
            fc.constant(total),
            fc.constant(entries),
            fc.constant(credits),
            fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
            fc.shuffledSubarray(credits, { minLength: credits.length, maxLength: credits.length }),
          );
        }),
        ([total, entries, credits, shuffledEntries, shuffledCredits]) => {
          expect(summarizeLedger(total, shuffledEntries, shuffledCredits)).toEqual(
            summarizeLedger(total, entries, credits),
          );
        },
      ),
    );
  });

  it('a reversal cancels its payment exactly', () => {
    fc.assert(
      fc.property(histories, fc.bigInt({ min: 1n, max: 200_000n }), ([total, steps, allowOverpay], amount) => {
        const { entries, credits } = build(total, steps, allowOverpay);
        const payment: LedgerEntry = {
          kind: 'payment',
          id: 'extra',
          amountCents: amount,
          receivedAt: at('2026-02-01T10:00:00Z'),
        };
        const reversal: LedgerEntry = {
          kind: 'reversal',
          id: 'extra-reversal',
          reverses: 'extra',
          receivedAt: at('2026-02-01T11:00:00Z'),
        };
        const without = summarizeLedger(total, entries, credits);
        const withBoth = summarizeLedger(total, [...entries, payment, reversal], credits);
        expect(withBoth).toEqual(without);
      }),
    );
  });
});
