import fc from 'fast-check';
import { addDays } from '../../../domain/invoicing/calendar-date';
import { paidInstallments, type ScheduledInstallment } from '../../../domain/invoicing/payment-schedule';
import { checkoutAmount, paymentDueNow, unpaidParts } from '../../../domain/payments/checkout-amount';

/** A schedule as computed: amounts in cents, due dates as given (list order is the index). */
const schedule = (...parts: [cents: bigint, day: string][]): ScheduledInstallment[] =>
  parts.map(([amountCents, dueDate], index) => ({
    index,
    amountCents,
    dueDate,
    followsSession: false,
    movedToBooking: false,
  }));

// A deposit of 300.00 at booking, the rest (700.00) a month later.
const deposit = schedule([30_000n, '2026-03-01'], [70_000n, '2026-04-01']);

describe('checkoutAmount: examples', () => {
  it('charges the balance without an installment, and refuses when nothing is due', () => {
    expect(checkoutAmount({ balanceDueCents: 84_000n, amountPaidCents: 36_000n, schedule: null })).toEqual({
      amountCents: 84_000n,
    });
    expect(checkoutAmount({ balanceDueCents: 0n, amountPaidCents: 120_000n, schedule: null })).toEqual({
      refusal: { code: 'nothing_due', message: 'Nothing is due on this invoice' },
    });
  });

  it("charges an installment's unpaid part: the deposit, the rest, part of a deposit paid in part", () => {
    const base = { schedule: deposit, balanceDueCents: 100_000n, amountPaidCents: 0n };
    expect(checkoutAmount({ ...base, installment: 1 })).toEqual({ amountCents: 30_000n });
    expect(checkoutAmount({ ...base, installment: 2 })).toEqual({ amountCents: 70_000n });
    expect(checkoutAmount({ ...base, amountPaidCents: 10_000n, balanceDueCents: 90_000n, installment: 1 })).toEqual({
      amountCents: 20_000n,
    });
    // The deposit paid by transfer: the first installment is done, the second is whole.
    const paid = { ...base, amountPaidCents: 30_000n, balanceDueCents: 70_000n };
    expect(checkoutAmount({ ...paid, installment: 1 })).toEqual({
      refusal: { code: 'installment_paid', message: 'Installment 1 is already paid' },
    });
    expect(checkoutAmount({ ...paid, installment: 2 })).toEqual({ amountCents: 70_000n });
  });

  it('never charges more than the balance: a credit note lowered what is owed', () => {
    expect(
      checkoutAmount({ schedule: deposit, balanceDueCents: 50_000n, amountPaidCents: 30_000n, installment: 2 }),
    ).toEqual({ amountCents: 50_000n });
  });

  it('counts installments in due order, whatever the list order', () => {
    // Listed balance first, due after the deposit: money paid covers the deposit (listed second) first.
    const listed = schedule([70_000n, '2026-04-01'], [30_000n, '2026-03-01']);
    expect(unpaidParts(listed, 30_000n)).toEqual([70_000n, 0n]);
    expect(
      checkoutAmount({ schedule: listed, balanceDueCents: 70_000n, amountPaidCents: 30_000n, installment: 2 }),
    ).toMatchObject({ refusal: { code: 'installment_paid' } });
  });

  it('an installment of 0.00 has nothing to pay', () => {
    const tiny = schedule([1n, '2026-03-01'], [0n, '2026-04-01']);
    expect(checkoutAmount({ schedule: tiny, balanceDueCents: 1n, amountPaidCents: 0n, installment: 2 })).toEqual({
      refusal: { code: 'nothing_due', message: 'Installment 2 has nothing to pay' },
    });
  });

  it('refuses an installment the invoice does not have', () => {
    expect(checkoutAmount({ schedule: null, balanceDueCents: 1n, amountPaidCents: 0n, installment: 1 })).toEqual({
      refusal: { code: 'no_schedule', message: 'This invoice is not paid in installments' },
    });
    for (const installment of [0, 3, 1.5])
      expect(checkoutAmount({ schedule: deposit, balanceDueCents: 1n, amountPaidCents: 0n, installment })).toEqual({
        refusal: { code: 'no_such_installment', message: 'This invoice has 2 installments: choose 1 to 2' },
      });
  });
});

/** A computed schedule of 1 to 12 installments (some of 0.00), due on days in any order. */
const schedules = fc
  .array(fc.tuple(fc.bigInt({ min: 0n, max: 1_000_000n }), fc.integer({ min: 0, max: 400 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => schedule(...parts.map(([cents, day]): [bigint, string] => [cents, addDays('2026-01-01', day)])));
const totalOf = (s: readonly ScheduledInstallment[]) => s.reduce((sum, i) => sum + i.amountCents, 0n);
/** A schedule, the money paid (up to beyond its total) and a balance (the rest, or less after credit notes). */
const cases = schedules.chain((s) =>
  fc.bigInt({ min: 0n, max: totalOf(s) + 10_000n }).chain((paid) => {
    const rest = totalOf(s) - paid > 0n ? totalOf(s) - paid : 0n;
    return fc.record({
      schedule: fc.constant(s),
      amountPaidCents: fc.constant(paid),
      balanceDueCents: fc.bigInt({ min: 0n, max: rest }),
      installment: fc.integer({ min: 1, max: s.length }),
    });
  }),
);

describe('checkoutAmount: properties', () => {
  it('charges more than 0, never more than the balance nor than the installment', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const charge = checkoutAmount(c);
        if ('refusal' in charge) return;
        expect(charge.amountCents).toBeGreaterThan(0n);
        expect(charge.amountCents).toBeLessThanOrEqual(c.balanceDueCents);
        expect(charge.amountCents).toBeLessThanOrEqual(c.schedule[c.installment - 1].amountCents);
      }),
    );
  });

  it('the unpaid parts add up to what the money paid leaves of the schedule, each within its installment', () => {
    fc.assert(
      fc.property(cases, ({ schedule: s, amountPaidCents }) => {
        const parts = unpaidParts(s, amountPaidCents);
        const left = totalOf(s) - amountPaidCents;
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(left > 0n ? left : 0n);
        parts.forEach((part, i) => {
          expect(part).toBeGreaterThanOrEqual(0n);
          expect(part).toBeLessThanOrEqual(s[i].amountCents);
        });
      }),
    );
  });

  it('an installment is refused as paid exactly when the schedule rules call it paid', () => {
    fc.assert(
      fc.property(cases, (c) => {
        // An installment of 0.00 has nothing to pay, paid or not (nothing_due).
        fc.pre(c.balanceDueCents > 0n && c.schedule[c.installment - 1].amountCents > 0n);
        const paid = new Set(paidInstallments(c.schedule, c.amountPaidCents).map((i) => i.index));
        const charge = checkoutAmount(c);
        const refusedAsPaid = 'refusal' in charge && charge.refusal.code === 'installment_paid';
        expect(refusedAsPaid).toBe(paid.has(c.installment - 1));
      }),
    );
  });

  it('paying the installments in due order, each its charge, pays each one and the whole schedule', () => {
    fc.assert(
      fc.property(schedules, (s) => {
        let paidCents = 0n;
        for (const installment of [...s].sort((a, b) =>
          a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.index - b.index,
        )) {
          const charge = checkoutAmount({
            schedule: s,
            amountPaidCents: paidCents,
            balanceDueCents: totalOf(s) - paidCents,
            installment: installment.index + 1,
          });
          if ('amountCents' in charge) paidCents += charge.amountCents;
          expect(paidInstallments(s, paidCents).map((i) => i.index)).toContain(installment.index);
        }
        expect(paidCents).toBe(totalOf(s));
      }),
    );
  });

  it('without an installment, charges the balance exactly', () => {
    fc.assert(
      fc.property(cases, ({ installment: _ignored, ...c }) => {
        const charge = checkoutAmount(c);
        if (c.balanceDueCents > 0n) expect(charge).toEqual({ amountCents: c.balanceDueCents });
        else expect(charge).toMatchObject({ refusal: { code: 'nothing_due' } });
      }),
    );
  });
});

describe('paymentDueNow: what the portal offers is what the checkout charges (issue 40 §10)', () => {
  it('offers the first installment not covered, its unpaid part and its day; without a schedule, the balance', () => {
    const input = { schedule: deposit, amountPaidCents: 0n, balanceDueCents: 100_000n, invoiceDueDate: '2026-03-31' };
    expect(paymentDueNow(input)).toEqual({ installment: 1, amountCents: 30_000n, dueDate: '2026-03-01' });
    expect(paymentDueNow({ ...input, amountPaidCents: 10_000n, balanceDueCents: 90_000n })).toEqual({
      installment: 1,
      amountCents: 20_000n,
      dueDate: '2026-03-01',
    });
    expect(paymentDueNow({ ...input, amountPaidCents: 30_000n, balanceDueCents: 70_000n })).toEqual({
      installment: 2,
      amountCents: 70_000n,
      dueDate: '2026-04-01',
    });
    expect(paymentDueNow({ ...input, schedule: null })).toEqual({
      installment: null,
      amountCents: 100_000n,
      dueDate: '2026-03-31',
    });
    expect(paymentDueNow({ ...input, amountPaidCents: 100_000n, balanceDueCents: 0n })).toBeNull();
  });

  it('whatever the schedule and payments: something is offered exactly when a balance is due, and paying it is what checkoutAmount charges', () => {
    fc.assert(
      fc.property(cases, ({ installment: _ignored, ...c }) => {
        const due = paymentDueNow({ ...c, invoiceDueDate: null });
        if (c.balanceDueCents <= 0n) return expect(due).toBeNull();
        expect(due).not.toBeNull();
        expect(due!.amountCents).toBeGreaterThan(0n);
        expect(due!.amountCents).toBeLessThanOrEqual(c.balanceDueCents);
        if (due!.installment === null) return expect(due!.amountCents).toBe(c.balanceDueCents);
        expect(checkoutAmount({ ...c, installment: due!.installment })).toEqual({ amountCents: due!.amountCents });
        // No installment due earlier is left unpaid.
        const parts = unpaidParts(c.schedule, c.amountPaidCents);
        const offered = c.schedule[due!.installment - 1];
        for (const other of c.schedule)
          if (other.dueDate < offered.dueDate || (other.dueDate === offered.dueDate && other.index < offered.index))
            expect(parts[other.index]).toBe(0n);
      }),
    );
  });
});
