import fc from 'fast-check';
import { categoryParts, servicePaymentParts, type SoldLine } from '../../../domain/e-reporting/category-parts';
import { paymentParts } from '../../../domain/e-reporting/payment-parts';

// Issue 32 §5: goods and services apart in e-reporting; only payments for services are reported.

const RATES = [550, 1000, 2000];
const amountsArb = fc.uniqueArray(
  fc.record({
    rateBasisPoints: fc.constantFrom(...RATES),
    baseCents: fc.bigInt({ min: 0n, max: 10_000_000n }),
    vatCents: fc.bigInt({ min: 0n, max: 2_000_000n }),
  }),
  { selector: (a) => a.rateBasisPoints, minLength: 1, maxLength: 3 },
);
const linesArb = fc.array(
  fc.record({
    category: fc.constantFrom('SERVICES' as const, 'GOODS' as const),
    rateBasisPoints: fc.constantFrom(...RATES),
    totalCents: fc.bigInt({ min: -50_000n, max: 5_000_000n }),
  }),
  { maxLength: 8 },
);

describe('goods and services apart in e-reporting (issue 32 §5)', () => {
  it('gives a rate to the category its lines sell, and splits a shared rate by their totals', () => {
    const amounts = [
      { rateBasisPoints: 2000, baseCents: 110_000n, vatCents: 22_000n },
      { rateBasisPoints: 550, baseCents: 10_000n, vatCents: 550n },
    ];
    const lines: SoldLine[] = [
      { category: 'SERVICES', rateBasisPoints: 2000, totalCents: 96_000n },
      { category: 'GOODS', rateBasisPoints: 2000, totalCents: 36_000n },
      { category: 'GOODS', rateBasisPoints: 550, totalCents: 10_550n },
    ];
    expect(categoryParts(amounts, lines)).toEqual([
      { rateBasisPoints: 2000, baseCents: 30_000n, vatCents: 6_000n, category: 'GOODS' },
      { rateBasisPoints: 2000, baseCents: 80_000n, vatCents: 16_000n, category: 'SERVICES' },
      { rateBasisPoints: 550, baseCents: 10_000n, vatCents: 550n, category: 'GOODS' },
    ]);
    // No line says goods: every rate is services, as every line was read before.
    expect(categoryParts(amounts, []).map((p) => p.category)).toEqual(['SERVICES', 'SERVICES']);
  });

  it('keeps each rate’s base and VAT to the cent, whatever the lines', () => {
    fc.assert(
      fc.property(amountsArb, linesArb, (amounts, lines) => {
        const parts = categoryParts(amounts, lines);
        for (const a of amounts) {
          const atRate = parts.filter((p) => p.rateBasisPoints === a.rateBasisPoints);
          expect(atRate.reduce((n, p) => n + p.baseCents, 0n)).toBe(a.baseCents);
          expect(atRate.reduce((n, p) => n + p.vatCents, 0n)).toBe(a.vatCents);
          const sells = new Set(
            lines.filter((l) => l.rateBasisPoints === a.rateBasisPoints && l.totalCents > 0n).map((l) => l.category),
          );
          expect(new Set(atRate.map((p) => p.category))).toEqual(sells.size === 0 ? new Set(['SERVICES']) : sells);
        }
      }),
    );
  });

  it('reports the services’ share of a payment only: none for goods alone, all of it for services alone', () => {
    const services = [{ rateBasisPoints: 2000, baseCents: 10_000n, vatCents: 2_000n, category: 'SERVICES' as const }];
    const goods = [{ rateBasisPoints: 2000, baseCents: 10_000n, vatCents: 2_000n, category: 'GOODS' as const }];
    expect(servicePaymentParts(6_000n, services)).toEqual([{ rateBasisPoints: 2000, amountCents: 6_000n }]);
    expect(servicePaymentParts(6_000n, goods)).toEqual([]);
    expect(servicePaymentParts(6_000n, [...goods, ...services])).toEqual([
      { rateBasisPoints: 2000, amountCents: 3_000n },
    ]);
    fc.assert(
      fc.property(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), amountsArb, (amount, amounts) => {
        const all = amounts.map((a) => ({ ...a, category: 'SERVICES' as const }));
        // Services alone: the payment split as before, over the rates.
        const before = paymentParts(
          amount,
          amounts.map((a) => ({ rateBasisPoints: a.rateBasisPoints, totalCents: a.baseCents + a.vatCents })),
        );
        expect(servicePaymentParts(amount, all)).toEqual(before);
        // Goods alone: nothing reported (unless the invoice had no amount at all).
        const none = amounts.every((a) => a.baseCents + a.vatCents <= 0n);
        if (!none)
          expect(
            servicePaymentParts(
              amount,
              amounts.map((a) => ({ ...a, category: 'GOODS' as const })),
            ),
          ).toEqual([]);
      }),
    );
  });
});
