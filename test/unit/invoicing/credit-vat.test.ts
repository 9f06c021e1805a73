import fc from 'fast-check';
import { splitCreditByVat } from '../../../domain/invoicing/credit-vat';

const RATES = [0, 550, 1000, 2000];

describe('splitCreditByVat', () => {
  it('splits 100.00 over an invoice of 20 % and 5.5 % in proportion', () => {
    const parts = splitCreditByVat(10_000n, [
      { vatBasisPoints: 2000, withTaxCents: 120_000n },
      { vatBasisPoints: 550, withTaxCents: 42_200n },
    ]);
    expect(parts).toEqual([
      { vatBasisPoints: 550, withTaxCents: 2602n, baseCents: 2466n, vatCents: 136n },
      { vatBasisPoints: 2000, withTaxCents: 7398n, baseCents: 6165n, vatCents: 1233n },
    ]);
  });

  it('gives credited lines back exactly per rate, and everything at 0 % without a positive weight', () => {
    expect(splitCreditByVat(3599n, [{ vatBasisPoints: 2000, withTaxCents: 2399n }, { vatBasisPoints: 550, withTaxCents: 1200n }]).map((p) => p.withTaxCents)).toEqual([1200n, 2399n]);
    expect(splitCreditByVat(500n, [])).toEqual([{ vatBasisPoints: 0, withTaxCents: 500n, baseCents: 500n, vatCents: 0n }]);
  });

  it('parts add up exactly to the amount, each part is base + VAT, none is negative (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        fc.array(fc.record({ vatBasisPoints: fc.constantFrom(...RATES), withTaxCents: fc.bigInt({ min: -50_000n, max: 9_999_999_999n }) }), { maxLength: 6 }),
        (amount, weights) => {
          const parts = splitCreditByVat(amount, weights);
          expect(parts.reduce((sum, p) => sum + p.withTaxCents, 0n)).toBe(amount);
          for (const p of parts) {
            expect(p.baseCents + p.vatCents).toBe(p.withTaxCents);
            expect(p.withTaxCents > 0n && p.baseCents >= 0n && p.vatCents >= 0n).toBe(true);
          }
          expect(new Set(parts.map((p) => p.vatBasisPoints)).size).toBe(parts.length);
        },
      ),
    );
  });
});
