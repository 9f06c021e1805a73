import fc from 'fast-check';
import { addDays } from '../../../domain/invoicing/calendar-date';
import {
  changedDueDates,
  computeSchedule,
  type InstallmentInput,
  inDueOrder,
  MAX_DUE_DAYS,
  MAX_INSTALLMENTS,
  paidInstallments,
  type ScheduleContext,
  scheduleProblems,
} from '../../../domain/invoicing/payment-schedule';

const wedding: ScheduleContext = { totalCents: 300000n, bookingDate: '2026-01-10', sessionStart: '2026-06-20' };
const onBooking = { type: 'on_booking' } as const;
const before = (days: number) => ({ type: 'before_start', days }) as const;
const after = (days: number) => ({ type: 'after_start', days }) as const;
const fixed = (date: string) => ({ type: 'fixed', date }) as const;
const amounts = (schedule: { amountCents: bigint }[]) => schedule.map((i) => i.amountCents);

describe('computeSchedule', () => {
  it('a 30 % deposit at booking and the balance a week before the wedding', () => {
    const schedule = computeSchedule(
      [
        { percentage: 30, due: onBooking },
        { percentage: 70, due: before(7) },
      ],
      wedding,
    );
    expect(schedule).toEqual([
      { index: 0, amountCents: 90000n, dueDate: '2026-01-10', followsSession: false, movedToBooking: false },
      { index: 1, amountCents: 210000n, dueDate: '2026-06-13', followsSession: true, movedToBooking: false },
    ]);
  });

  it('thirds of 100.00 share the odd cent by largest remainder, to the earliest of equal remainders', () => {
    const thirds = [33.33, 33.33, 33.34].map((percentage) => ({ percentage, due: onBooking }));
    // Exact shares 33.33, 33.33, 33.34: no cent to share.
    expect(amounts(computeSchedule(thirds, { ...wedding, totalCents: 10000n }))).toEqual([3333n, 3333n, 3334n]);
    // 1.00 in three: exact shares 0.3333, 0.3333, 0.3334; the one cent left goes to the largest remainder (0.3334's .34 → the third).
    expect(amounts(computeSchedule(thirds, { ...wedding, totalCents: 100n }))).toEqual([33n, 33n, 34n]);
    // 0.02: no share reaches a cent; the two cents go to the largest remainders (.6668 for the third, then .6666 for the earlier of two).
    expect(amounts(computeSchedule(thirds, { ...wedding, totalCents: 2n }))).toEqual([1n, 0n, 1n]);
  });

  it('takes the fixed amounts first and shares the rest by percentage', () => {
    const schedule = computeSchedule(
      [
        { amountCents: 50000n, due: onBooking },
        { percentage: 50, due: before(30) },
        { percentage: 50, due: before(7) },
      ],
      { ...wedding, totalCents: 250001n },
    );
    // Rest 2000.01: 1000.005 each; the cent left goes to the earlier of two equal remainders.
    expect(amounts(schedule)).toEqual([50000n, 100001n, 100000n]);
  });

  it('gives the share the percentages leave to the last installment of the list', () => {
    // 30 % + 30 % leave 40 %: the last of the list takes it, though it is not the last due.
    const schedule = computeSchedule(
      [
        { percentage: 30, due: before(7) },
        { percentage: 30, due: onBooking },
      ],
      wedding,
    );
    expect(amounts(schedule)).toEqual([90000n, 210000n]);
    // Fixed amounts only, short of the total: the last takes the rest too.
    expect(
      amounts(
        computeSchedule(
          [
            { amountCents: 100000n, due: onBooking },
            { amountCents: 50000n, due: before(7) },
          ],
          wedding,
        ),
      ),
    ).toEqual([100000n, 200000n]);
  });

  it('computes each kind of due date, and moves one before the booking to the booking date', () => {
    const schedule = computeSchedule(
      [
        { percentage: 20, due: fixed('2026-03-01') },
        { percentage: 20, due: after(14) },
        { percentage: 20, due: before(200) }, // 2025-12-02, before the booking
        { percentage: 20, due: fixed('2025-12-25') }, // also before the booking
        { percentage: 20, due: before(0) },
      ],
      wedding,
    );
    expect(schedule.map((i) => [i.dueDate, i.movedToBooking])).toEqual([
      ['2026-03-01', false],
      ['2026-07-04', false],
      ['2026-01-10', true],
      ['2026-01-10', true],
      ['2026-06-20', false],
    ]);
  });

  it('counts days across month and leap-year ends', () => {
    const schedule = computeSchedule(
      [
        { percentage: 50, due: before(1) },
        { percentage: 50, due: after(1) },
      ],
      { ...wedding, bookingDate: '2027-06-01', sessionStart: '2028-03-01' },
    );
    expect(schedule.map((i) => i.dueDate)).toEqual(['2028-02-29', '2028-03-02']);
  });

  it('a zero total gives installments of 0.00', () => {
    expect(
      amounts(
        computeSchedule(
          [
            { percentage: 40, due: onBooking },
            { percentage: 60, due: before(7) },
          ],
          { ...wedding, totalCents: 0n },
        ),
      ),
    ).toEqual([0n, 0n]);
  });

  it('refuses to compute an invalid schedule, and throws on a bad context', () => {
    expect(() => computeSchedule([], wedding)).toThrow(/at least one installment/);
    expect(() =>
      scheduleProblems([{ percentage: 10, due: onBooking }], { ...wedding, bookingDate: '2026-02-30' }),
    ).toThrow(RangeError);
    expect(() => scheduleProblems([{ percentage: 10, due: onBooking }], { ...wedding, totalCents: -1n })).toThrow(
      RangeError,
    );
  });
});

describe('scheduleProblems', () => {
  it('accepts a sound schedule', () => {
    expect(
      scheduleProblems(
        [
          { amountCents: 50000n, due: onBooking },
          { percentage: 100, due: after(3) },
        ],
        wedding,
      ),
    ).toEqual([]);
  });

  it('answers every problem with its path', () => {
    const problems = scheduleProblems(
      [
        { percentage: 60, amountCents: 100n, due: onBooking },
        { due: onBooking },
        { percentage: 0, due: { type: 'fixed' } },
        { percentage: 12.345, due: { type: 'before_start', days: -1, date: '2026-05-01' } },
        { percentage: 101, due: { type: 'after_start' } },
        { amountCents: 0n, due: { type: 'fixed', date: '2026-02-30', days: 3 } },
        { percentage: 70, due: { type: 'on_booking', days: 2 } },
        { percentage: 40, due: { type: 'whenever' } as unknown as InstallmentInput['due'] },
        { percentage: 5, due: before(MAX_DUE_DAYS + 1) },
        { percentage: 5, due: before(1.5) },
      ],
      wedding,
    );
    expect(problems).toEqual([
      { path: 'payment_schedule.0', message: 'Give a percentage or an amount, not both' },
      { path: 'payment_schedule.1', message: 'Give a percentage or an amount' },
      { path: 'payment_schedule.2.percentage', message: 'A percentage is more than 0 and at most 100' },
      { path: 'payment_schedule.2.due.date', message: 'A fixed due date needs its date (YYYY-MM-DD)' },
      { path: 'payment_schedule.3.percentage', message: 'A percentage has at most two decimals (33.33)' },
      { path: 'payment_schedule.3.due.days', message: 'The number of days is a whole number from 0' },
      { path: 'payment_schedule.3.due.date', message: 'Only a fixed due date takes a date' },
      { path: 'payment_schedule.4.percentage', message: 'A percentage is more than 0 and at most 100' },
      { path: 'payment_schedule.4.due.days', message: "Give the number of days after the session's start" },
      { path: 'payment_schedule.5.amount', message: 'An amount is more than 0.00' },
      {
        path: 'payment_schedule.5.due.days',
        message: "Only a due date relative to the session's start (before_start, after_start) takes days",
      },
      { path: 'payment_schedule.5.due.date', message: '2026-02-30 is not a calendar date (YYYY-MM-DD)' },
      {
        path: 'payment_schedule.6.due.days',
        message: "Only a due date relative to the session's start (before_start, after_start) takes days",
      },
      {
        path: 'payment_schedule.7.due.type',
        message: "The due rule's type is one of on_booking, fixed, before_start, after_start",
      },
      { path: 'payment_schedule.8.due.days', message: `The number of days is at most ${MAX_DUE_DAYS}` },
      { path: 'payment_schedule.9.due.days', message: 'The number of days is a whole number from 0' },
      { path: 'payment_schedule', message: 'The percentages add up to 120.00 %, more than 100 %' },
    ]);
  });

  it('refuses an empty schedule, and one of more than 12 installments', () => {
    expect(scheduleProblems([], wedding)).toEqual([
      { path: 'payment_schedule', message: 'A payment schedule needs at least one installment' },
    ]);
    const many = Array.from({ length: MAX_INSTALLMENTS + 1 }, () => ({ percentage: 1, due: onBooking }));
    expect(scheduleProblems(many, wedding)).toEqual([
      { path: 'payment_schedule', message: 'A payment schedule has at most 12 installments; this one has 13' },
    ]);
    expect(scheduleProblems(many.slice(1), wedding)).toEqual([]);
  });

  it('refuses fixed amounts above the total, or taking all of it when percentages remain', () => {
    expect(
      scheduleProblems(
        [
          { amountCents: 200000n, due: onBooking },
          { amountCents: 100001n, due: before(7) },
        ],
        wedding,
      ),
    ).toEqual([
      {
        path: 'payment_schedule',
        message: "The fixed amounts add up to 3000.01, more than the document's total, 3000.00",
      },
    ]);
    expect(
      scheduleProblems(
        [
          { amountCents: 300000n, due: onBooking },
          { percentage: 10, due: before(7) },
        ],
        wedding,
      ),
    ).toEqual([
      {
        path: 'payment_schedule',
        message: 'The fixed amounts already make the whole total: the installments given as a percentage would be 0.00',
      },
    ]);
    expect(scheduleProblems([{ amountCents: 300000n, due: onBooking }], wedding)).toEqual([]);
  });

  it("refuses a due date relative to the session's start when there is no dated session", () => {
    expect(
      scheduleProblems(
        [
          { percentage: 30, due: onBooking },
          { percentage: 70, due: before(7) },
        ],
        { ...wedding, sessionStart: null },
      ),
    ).toEqual([
      {
        path: 'payment_schedule.1.due.type',
        message:
          "This installment follows the session's start, but there is no dated session: choose on_booking or fixed, or date the session first",
      },
    ]);
  });
});

describe('paidInstallments', () => {
  const schedule = computeSchedule(
    [
      { percentage: 70, due: before(7) },
      { percentage: 30, due: onBooking },
    ],
    wedding,
  ); // 2100.00 in June, 900.00 at booking

  it('applies money to the earliest due first, an installment paid once the cumulated amount reaches it', () => {
    expect(paidInstallments(schedule, 0n)).toEqual([]);
    expect(paidInstallments(schedule, 89999n)).toEqual([]);
    expect(paidInstallments(schedule, 90000n).map((i) => i.index)).toEqual([1]);
    expect(paidInstallments(schedule, 299999n).map((i) => i.index)).toEqual([1]);
    expect(paidInstallments(schedule, 300000n).map((i) => i.index)).toEqual([1, 0]);
    expect(paidInstallments(schedule, 400000n).map((i) => i.index)).toEqual([1, 0]);
  });

  it('orders installments due the same day as listed', () => {
    const sameDay = computeSchedule(
      [
        { percentage: 50, due: fixed('2026-03-01') },
        { percentage: 50, due: fixed('2026-03-01') },
      ],
      wedding,
    );
    expect(inDueOrder(sameDay).map((i) => i.index)).toEqual([0, 1]);
  });
});

describe('changedDueDates', () => {
  it('a wedding moved by a month moves the relative due dates only', () => {
    const rules: InstallmentInput[] = [
      { percentage: 30, due: onBooking },
      { percentage: 40, due: before(30) },
      { percentage: 30, due: after(7) },
      { amountCents: 100n, due: fixed('2026-04-01') },
    ];
    const was = computeSchedule(rules, wedding);
    const now = computeSchedule(rules, { ...wedding, sessionStart: '2026-07-20' });
    expect(changedDueDates(was, now)).toEqual([
      { index: 1, from: '2026-05-21', to: '2026-06-20' },
      { index: 2, from: '2026-06-27', to: '2026-07-27' },
    ]);
    expect(amounts(now)).toEqual(amounts(was));
  });
});

// Random valid schedules: every rule kind, fixed amounts within the total, percentages up to 100 %.
const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2025-01-01', n));
const dueRule = fc.oneof(
  fc.constant<InstallmentInput['due']>({ type: 'on_booking' }),
  day.map((date): InstallmentInput['due'] => ({ type: 'fixed', date })),
  fc.integer({ min: 0, max: 400 }).map((days): InstallmentInput['due'] => ({ type: 'before_start', days })),
  fc.integer({ min: 0, max: 400 }).map((days): InstallmentInput['due'] => ({ type: 'after_start', days })),
);
const draft = fc.record({
  kind: fc.constantFrom('percentage', 'percentage', 'amount'),
  weight: fc.integer({ min: 1, max: 10_000 }),
  due: dueRule,
});

const validCase = fc
  .tuple(
    fc.array(draft, { minLength: 1, maxLength: MAX_INSTALLMENTS }),
    fc.bigInt({ min: 0n, max: 10_000_000n }),
    day,
    day,
    fc.integer({ min: 1, max: 10_000 }),
    fc.integer({ min: 1, max: 10_000 }),
  )
  .map(([drafts, total, booking, start, percentScale, amountScale]) => {
    // Scale the weights down so percentages stay within 100 % (in basis points) and amounts within the total.
    const percentWeights = drafts.filter((d) => d.kind === 'percentage').reduce((a, d) => a + d.weight, 0);
    const amountWeights = drafts.filter((d) => d.kind === 'amount').reduce((a, d) => a + d.weight, 0);
    const installments: InstallmentInput[] = drafts.map((d) => {
      if (d.kind === 'percentage')
        return { percentage: Math.max(1, Math.floor((d.weight * percentScale) / percentWeights)) / 100, due: d.due };
      return {
        amountCents: (total * BigInt(d.weight) * BigInt(amountScale)) / BigInt(amountWeights) / 10_000n,
        due: d.due,
      };
    });
    return { installments, context: { totalCents: total, bookingDate: booking, sessionStart: start } };
  })
  .filter(({ installments, context }) => scheduleProblems(installments, context).length === 0);

describe('payment schedule: properties', () => {
  it('the amounts add up to the total exactly, none negative, the same answer every time', () => {
    fc.assert(
      fc.property(validCase, ({ installments, context }) => {
        const schedule = computeSchedule(installments, context);
        expect(schedule.reduce((sum, i) => sum + i.amountCents, 0n)).toBe(context.totalCents);
        expect(schedule.every((i) => i.amountCents >= 0n)).toBe(true);
        expect(computeSchedule(installments, context)).toEqual(schedule);
        // Fixed amounts are kept as given, except the last of the list, which may take the rest.
        installments.forEach((input, index) => {
          if (input.amountCents !== undefined && index < installments.length - 1)
            expect(schedule[index].amountCents).toBe(input.amountCents);
        });
        expect(schedule.every((i) => i.dueDate >= context.bookingDate)).toBe(true);
      }),
    );
  });

  it('each percentage installment is within a cent of its exact share of the rest (when the percentages make 100 %)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: MAX_INSTALLMENTS }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (weights, total) => {
          // Basis points adding up to exactly 10 000: the last takes what the others leave.
          const sum = weights.reduce((a, b) => a + b, 0);
          const bps = weights.map((w) => Math.floor((w * 10_000) / sum));
          bps[bps.length - 1] += 10_000 - bps.reduce((a, b) => a + b, 0);
          fc.pre(bps.every((bp) => bp > 0));
          const schedule = computeSchedule(
            bps.map((bp) => ({ percentage: bp / 100, due: { type: 'on_booking' } })),
            { ...wedding, totalCents: total },
          );
          schedule.forEach((installment, k) => {
            const exactTimes10000 = total * BigInt(bps[k]);
            const diff = installment.amountCents * 10_000n - exactTimes10000;
            expect(diff > -10_000n && diff < 10_000n).toBe(true);
          });
        },
      ),
    );
  });

  it('moving the session start by N days moves exactly the relative due dates by N days, and nothing else', () => {
    fc.assert(
      fc.property(validCase, fc.integer({ min: -400, max: 400 }), ({ installments, context }, shift) => {
        // Keep every relative due date after the booking in both positions: then nothing is moved to the booking date.
        const start = addDays(context.bookingDate, 401 + Math.max(0, -shift));
        const was = computeSchedule(installments, { ...context, sessionStart: start });
        const now = computeSchedule(installments, { ...context, sessionStart: addDays(start, shift) });
        expect(amounts(now)).toEqual(amounts(was));
        now.forEach((installment, index) => {
          expect(installment.dueDate).toBe(
            was[index].followsSession ? addDays(was[index].dueDate, shift) : was[index].dueDate,
          );
        });
        expect(changedDueDates(was, now).length).toBe(shift === 0 ? 0 : was.filter((i) => i.followsSession).length);
      }),
    );
  });

  it('with any move of the session, relative due dates follow it but never before the booking date', () => {
    fc.assert(
      fc.property(validCase, day, ({ installments, context }, newStart) => {
        const was = computeSchedule(installments, context);
        const now = computeSchedule(installments, { ...context, sessionStart: newStart });
        expect(amounts(now)).toEqual(amounts(was));
        now.forEach((installment, index) => {
          if (!installment.followsSession) expect(installment.dueDate).toBe(was[index].dueDate);
          else expect(installment.dueDate >= context.bookingDate).toBe(true);
        });
      }),
    );
  });

  it('paidInstallments is monotone in the amount paid, a prefix of the due order, and all paid at the total', () => {
    fc.assert(
      fc.property(
        validCase,
        fc.bigInt({ min: 0n, max: 12_000_000n }),
        fc.bigInt({ min: 0n, max: 12_000_000n }),
        ({ installments, context }, a, b) => {
          const schedule = computeSchedule(installments, context);
          const [low, high] = a <= b ? [a, b] : [b, a];
          const fewer = paidInstallments(schedule, low);
          const more = paidInstallments(schedule, high);
          expect(more.slice(0, fewer.length)).toEqual(fewer);
          expect(inDueOrder(schedule).slice(0, more.length)).toEqual(more);
          expect(
            more.reduce((sum, i) => sum + i.amountCents, 0n) <= (high > context.totalCents ? context.totalCents : high),
          ).toBe(true);
          expect(paidInstallments(schedule, context.totalCents)).toHaveLength(schedule.length);
        },
      ),
    );
  });
});
