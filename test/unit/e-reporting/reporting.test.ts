import fc from 'fast-check';
import {
  paymentTotals,
  type ReportableDocument,
  reportContents,
  transactionTotals,
} from '../../../domain/e-reporting/report-aggregates';
import { paymentParts } from '../../../domain/e-reporting/payment-parts';
import { reportedFlowOf } from '../../../domain/addons/fr-e-invoicing/reported-flow';
import {
  nextPeriod,
  periodKind,
  type ReportFlow,
  reportingPeriodOf,
  VAT_REGIMES,
} from '../../../domain/e-reporting/reporting-periods';

const dayArb = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const flowArb = fc.constantFrom<ReportFlow>('TRANSACTIONS', 'PAYMENTS');

describe('reporting periods (décret n° 2022-1299)', () => {
  it('cuts a month in three décades for the monthly real regime, months otherwise, two months under the franchise', () => {
    expect(reportingPeriodOf('REEL_NORMAL_MENSUEL', 'TRANSACTIONS', '2027-02-15')).toEqual({
      start: '2027-02-11',
      end: '2027-02-20',
    });
    expect(reportingPeriodOf('REEL_NORMAL_MENSUEL', 'TRANSACTIONS', '2028-02-29')).toEqual({
      start: '2028-02-21',
      end: '2028-02-29',
    });
    expect(reportingPeriodOf('REEL_NORMAL_MENSUEL', 'PAYMENTS', '2027-02-15')).toEqual({
      start: '2027-02-01',
      end: '2027-02-28',
    });
    expect(reportingPeriodOf('REEL_SIMPLIFIE', 'TRANSACTIONS', '2027-12-31')).toEqual({
      start: '2027-12-01',
      end: '2027-12-31',
    });
    expect(reportingPeriodOf('FRANCHISE_EN_BASE', 'TRANSACTIONS', '2027-04-30')).toEqual({
      start: '2027-03-01',
      end: '2027-04-30',
    });
    expect(periodKind('REEL_NORMAL_TRIMESTRIEL', 'TRANSACTIONS')).toBe('MONTH');
  });

  it('tiles the calendar: every day in exactly one period, the next period starting the day after', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VAT_REGIMES), flowArb, dayArb, (regime, flow, day) => {
        const period = reportingPeriodOf(regime, flow, day);
        expect(period.start <= day && day <= period.end).toBe(true);
        const next = nextPeriod(regime, flow, period);
        const after = new Date(`${period.end}T00:00:00Z`);
        after.setUTCDate(after.getUTCDate() + 1);
        expect(next.start).toBe(after.toISOString().slice(0, 10));
        expect(reportingPeriodOf(regime, flow, period.start)).toEqual(period);
        expect(reportingPeriodOf(regime, flow, period.end)).toEqual(period);
      }),
    );
  });
});

describe('which sales are e-reported', () => {
  it('reports private clients and businesses abroad; e-invoices French businesses with a SIREN', () => {
    expect(reportedFlowOf(null)).toBe('B2C');
    expect(reportedFlowOf({ countryCode: 'FR', siren: null, vatNumber: null, companyName: null })).toBe('B2C');
    expect(reportedFlowOf({ countryCode: 'FR', siren: '912345675', vatNumber: null, companyName: 'X' })).toBeNull();
    expect(reportedFlowOf({ countryCode: 'BE', siren: null, vatNumber: 'BE0123456789', companyName: 'Y' })).toBe(
      'B2B_INTERNATIONAL',
    );
    expect(reportedFlowOf({ countryCode: 'GB', siren: null, vatNumber: null, companyName: null })).toBe('B2C');
  });
});

const docArb: fc.Arbitrary<ReportableDocument> = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
  number: fc.string({ minLength: 1, maxLength: 8 }),
  day: dayArb,
  flow: fc.constantFrom('B2C' as const, 'B2B_INTERNATIONAL' as const),
  currency: fc.constantFrom('EUR', 'USD'),
  parts: fc.array(
    fc.record({
      category: fc.constantFrom('SERVICES' as const, 'GOODS' as const),
      rateBasisPoints: fc.constantFrom(2000, 1000, 550, 210, 0),
      baseCents: fc.bigInt({ min: -100_000_00n, max: 100_000_00n }),
      vatCents: fc.bigInt({ min: -20_000_00n, max: 20_000_00n }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

describe('report totals', () => {
  it('keep every cent: the totals per day, flow, category, currency and rate add up to the documents', () => {
    fc.assert(
      fc.property(fc.array(docArb, { maxLength: 30 }), (docs) => {
        const lines = transactionTotals(docs);
        const sum = (f: (p: { baseCents: bigint; vatCents: bigint }) => bigint) =>
          docs.flatMap((d) => d.parts).reduce((n, p) => n + f(p), 0n);
        expect(lines.reduce((n, l) => n + l.baseCents, 0n)).toBe(sum((p) => p.baseCents));
        expect(lines.reduce((n, l) => n + l.vatCents, 0n)).toBe(sum((p) => p.vatCents));
        const keys = lines.map((l) => [l.day, l.flow, l.category, l.currency, l.rateBasisPoints].join('|'));
        expect(new Set(keys).size).toBe(keys.length);
        for (const l of lines) expect(l.documents).toBeGreaterThan(0);
      }),
    );
  });

  it('sum payments per day, currency and rate', () => {
    const lines = paymentTotals([
      { id: 'a', day: '2027-09-03', currency: 'EUR', parts: [{ rateBasisPoints: 2000, amountCents: 12000n }] },
      {
        id: 'b',
        day: '2027-09-03',
        currency: 'EUR',
        parts: [
          { rateBasisPoints: 2000, amountCents: 6000n },
          { rateBasisPoints: 1000, amountCents: 1100n },
        ],
      },
    ]);
    expect(lines).toEqual([
      { day: '2027-09-03', currency: 'EUR', rateBasisPoints: 1000, amountCents: 1100n, payments: 1 },
      { day: '2027-09-03', currency: 'EUR', rateBasisPoints: 2000, amountCents: 18000n, payments: 2 },
    ]);
  });

  it('reports each record exactly once over consecutive periods, a late one as a correction in the next report', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.uuid(), day: dayArb, arrives: fc.integer({ min: 0, max: 5 }) }), { maxLength: 40 }),
        (records) => {
          // Reports of consecutive months; a record is known `arrives` months after its own month.
          let period = reportingPeriodOf('REEL_SIMPLIFIE', 'TRANSACTIONS', '2026-01-15');
          const reported = new Set<string>();
          const seen: string[] = [];
          for (let i = 0; i < 54; i += 1) {
            const known = records.filter((r) => {
              const month = (Number(r.day.slice(0, 4)) - 2026) * 12 + Number(r.day.slice(5, 7)) - 1;
              return month + r.arrives <= i;
            });
            const { current, late } = reportContents(period, known, reported);
            for (const r of current) expect(r.day >= period.start && r.day <= period.end).toBe(true);
            for (const r of late) expect(r.day < period.start).toBe(true);
            for (const r of [...current, ...late]) {
              reported.add(r.id);
              seen.push(r.id);
            }
            period = nextPeriod('REEL_SIMPLIFIE', 'TRANSACTIONS', period);
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.length).toBe(new Set(records.map((r) => r.id)).size);
        },
      ),
    );
  });
});

describe('a payment split over its invoice’s rates', () => {
  it('adds up to the payment exactly, each part near its share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
        fc.array(
          fc.record({
            rateBasisPoints: fc.constantFrom(2000, 1000, 550, 0),
            totalCents: fc.bigInt({ min: 0n, max: 5_000_000n }),
          }),
          { maxLength: 4 },
        ),
        (amount, rates) => {
          const parts = paymentParts(amount, rates);
          expect(parts.reduce((n, p) => n + p.amountCents, 0n)).toBe(amount);
          const whole = rates.reduce((n, r) => n + (r.totalCents > 0n ? r.totalCents : 0n), 0n);
          if (whole > 0n)
            for (const [i, p] of parts.entries()) {
              const r = rates.filter((x) => x.totalCents > 0n)[i];
              const exact = Number(amount) * (Number(r.totalCents) / Number(whole));
              expect(Math.abs(Number(p.amountCents) - exact)).toBeLessThanOrEqual(1);
            }
        },
      ),
    );
  });
});
