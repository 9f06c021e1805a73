import fc from 'fast-check';
import { DISCOUNT_TYPES, ITEM_TYPES } from '../../../domain/invoicing/item-types';
import { centsToDecimal, roundDiv, toHundredths } from '../../../domain/invoicing/money';
import { computeTotals, type LineInput, storageOverflow } from '../../../domain/invoicing/totals';

const line = (over: Partial<LineInput>): LineInput => ({
  item_type: 'SESSION_TYPE',
  quantity: 1,
  vat_percentage: 20,
  ...over,
});
const euros = (cents: bigint) => centsToDecimal(cents);

describe('money', () => {
  it('reads decimals exactly and rounds half away from zero', () => {
    expect(toHundredths('1234.50')).toBe(123450n);
    expect(toHundredths(5.5)).toBe(550n);
    expect(toHundredths('0.1')).toBe(10n);
    expect(toHundredths(null)).toBe(0n);
    expect(roundDiv(5n, 2n)).toBe(3n);
    expect(roundDiv(-5n, 2n)).toBe(-3n);
    expect(roundDiv(4n, 3n)).toBe(1n);
    expect(centsToDecimal(123450n)).toBe('1234.50');
    expect(centsToDecimal(-5n)).toBe('-0.05');
  });
});

// The worked examples of docs/invoicing.md, French VAT rates.
describe('computeTotals: worked examples', () => {
  it('a wedding at 20 %, prints at 10 % and a book at 5.5 %, with a text line and a blank line', () => {
    const totals = computeTotals([
      line({ price_without_tax: '1500.00', vat_percentage: 20 }),
      { item_type: 'TEXT' },
      line({ price_without_tax: '12.50', quantity: 3, vat_percentage: 10 }),
      { item_type: 'BLANK' },
      line({ price_with_tax: '63.30', vat_percentage: 5.5 }),
    ]);
    expect(totals.lines.map((l) => euros(l.totalCents))).toEqual(['1800.00', '0.00', '41.25', '0.00', '63.30']);
    expect(totals.lines[4].priceWithoutTaxCents).toBe(6000n); // 63.30 / 1.055
    expect(totals.vat.map((v) => [v.vatBasisPoints, euros(v.baseCents), euros(v.vatCents)])).toEqual([
      [550, '60.00', '3.30'],
      [1000, '37.50', '3.75'],
      [2000, '1500.00', '300.00'],
    ]);
    expect([euros(totals.totalWithoutTaxCents), euros(totals.totalVatCents), euros(totals.totalWithTaxCents)]).toEqual([
      '1597.50',
      '307.05',
      '1904.55',
    ]);
  });

  it('a line discount of 15 % on a portrait session', () => {
    const totals = computeTotals([line({ price_without_tax: '250.00', discount_percentage: 15 })]);
    expect(euros(totals.totalWithoutTaxCents)).toBe('212.50');
    expect(euros(totals.totalWithTaxCents)).toBe('255.00');
  });

  it('PERCENTAGE_OF_TOTAL: 10 % off everything, each VAT rate reduced alike', () => {
    const totals = computeTotals([
      line({ price_without_tax: '1000.00', vat_percentage: 20 }),
      line({ price_without_tax: '200.00', vat_percentage: 10 }),
      { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: 10 },
    ]);
    expect(totals.vat.map((v) => [euros(v.baseCents), euros(v.vatCents)])).toEqual([
      ['180.00', '18.00'],
      ['900.00', '180.00'],
    ]);
    expect(euros(totals.totalWithTaxCents)).toBe('1278.00'); // 1420.00 less 10 %
    expect(euros(totals.lines[2].totalCents)).toBe('-142.00');
  });

  it('FIXED_WITH_TAX: 120 € off the total, spread over the rates in proportion to their totals', () => {
    const totals = computeTotals([
      line({ price_without_tax: '1000.00', vat_percentage: 20 }),
      line({ price_without_tax: '200.00', vat_percentage: 10 }),
      { item_type: 'DISCOUNT', discount_type: 'FIXED_WITH_TAX', discount_amount: 120 },
    ]);
    expect(euros(totals.totalWithTaxCents)).toBe('1300.00'); // 1420.00 - 120.00
    expect(totals.vat.map((v) => [euros(v.baseCents), euros(v.vatCents)])).toEqual([
      ['183.10', '18.31'], // 10 %: 18.59 of the 120 with tax, 16.90 of it off the net
      ['915.49', '183.10'], // 20 %: 101.41 with tax, 84.51 off the net
    ]);
  });

  it('FIXED_WITHOUT_TAX: 100 € off the nets, the VAT following', () => {
    const totals = computeTotals([
      line({ price_without_tax: '1000.00', vat_percentage: 20 }),
      line({ price_without_tax: '200.00', vat_percentage: 5.5 }),
      { item_type: 'DISCOUNT', discount_type: 'FIXED_WITHOUT_TAX', discount_amount: 100 },
    ]);
    expect(euros(totals.totalWithoutTaxCents)).toBe('1100.00');
    expect(totals.vat.map((v) => [v.vatBasisPoints, euros(v.baseCents), euros(v.vatCents)])).toEqual([
      [550, '183.33', '10.08'],
      [2000, '916.67', '183.33'],
    ]);
    expect(euros(totals.totalWithTaxCents)).toBe('1293.41');
  });

  it('a discount larger than the total stops at zero', () => {
    const totals = computeTotals([
      line({ price_without_tax: '50.00' }),
      { item_type: 'DISCOUNT', discount_type: 'FIXED_WITH_TAX', discount_amount: 500 },
    ]);
    expect(totals.totalWithTaxCents).toBe(0n);
    expect(totals.lines[1].totalCents).toBe(-6000n);
  });
});

const decimal = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((h) => (h / 100).toFixed(2));
const anyLine: fc.Arbitrary<LineInput> = fc.record({
  item_type: fc.constantFrom(...ITEM_TYPES),
  quantity: fc.option(decimal(1000), { nil: undefined }),
  price_with_tax: fc.option(decimal(100_000), { nil: undefined }),
  price_without_tax: fc.option(decimal(100_000), { nil: undefined }),
  vat_percentage: fc.option(fc.constantFrom('0', '2.1', '5.5', '10', '20', '100'), { nil: undefined }),
  discount_percentage: fc.option(decimal(100), { nil: undefined }),
  discount_amount: fc.option(decimal(100_000), { nil: undefined }),
  discount_type: fc.option(fc.constantFrom(...DISCOUNT_TYPES), { nil: undefined }),
  price_includes_tax: fc.option(fc.boolean(), { nil: undefined }),
});

describe('computeTotals: properties', () => {
  it('the total never depends on the order of the lines', () => {
    fc.assert(
      fc.property(
        fc
          .array(anyLine, { maxLength: 12 })
          .chain((lines) =>
            fc.tuple(
              fc.constant(lines),
              fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
            ),
          ),
        ([lines, shuffled]) => {
          const a = computeTotals(lines);
          const b = computeTotals(shuffled);
          expect(b.totalWithTaxCents).toBe(a.totalWithTaxCents);
          expect(b.vat).toEqual(a.vat);
        },
      ),
    );
  });

  it('a 100 % discount gives 0', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 8 }), (lines) => {
        const totals = computeTotals([
          ...lines,
          { item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_percentage: '100.00' },
        ]);
        expect(totals.totalWithTaxCents).toBe(0n);
      }),
    );
  });

  it('no input throws or goes negative, and the parts add up', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 15 }), (lines) => {
        const totals = computeTotals(lines);
        expect(totals.totalWithTaxCents >= 0n && totals.totalVatCents >= 0n && totals.totalWithoutTaxCents >= 0n).toBe(
          true,
        );
        expect(totals.totalWithTaxCents).toBe(totals.totalWithoutTaxCents + totals.totalVatCents);
        expect(totals.vat.reduce((s, v) => s + v.baseCents, 0n)).toBe(totals.totalWithoutTaxCents);
        for (const l of totals.lines) expect(l.priceWithTaxCents >= 0n && l.priceWithoutTaxCents >= 0n).toBe(true);
      }),
    );
  });
});

describe('computeTotals: prices with tax are exact', () => {
  it('3 × 19.99 € with 20 % VAT is 59.97 €, its net derived and its VAT the rest', () => {
    const totals = computeTotals([line({ price_with_tax: '19.99', quantity: 3 })]);
    expect(euros(totals.lines[0].totalCents)).toBe('59.97');
    expect(totals.lines[0].priceIncludesTax).toBe(true);
    expect([euros(totals.totalWithoutTaxCents), euros(totals.totalVatCents), euros(totals.totalWithTaxCents)]).toEqual([
      '49.98',
      '9.99',
      '59.97',
    ]);
  });

  it('100 € with VAT less 10 % plus 4 × 25 € with VAT is 190.00 €', () => {
    const totals = computeTotals([
      line({ price_with_tax: '100.00', discount_percentage: 10 }),
      line({ price_with_tax: '25.00', quantity: 4 }),
    ]);
    expect(totals.lines.map((l) => euros(l.totalCents))).toEqual(['90.00', '100.00']);
    expect(euros(totals.totalWithTaxCents)).toBe('190.00');
    expect(totals.vat.map((v) => [euros(v.baseCents), euros(v.vatCents)])).toEqual([['158.33', '31.67']]);
  });

  it('a stored line keeps its pricing: both prices written back, the flag says which one the studio typed', () => {
    const typed = computeTotals([line({ price_with_tax: '19.99', quantity: 3 })]);
    const stored = line({
      price_with_tax: euros(typed.lines[0].priceWithTaxCents),
      price_without_tax: euros(typed.lines[0].priceWithoutTaxCents),
      quantity: 3,
      price_includes_tax: true,
    });
    expect(computeTotals([stored]).totalWithTaxCents).toBe(typed.totalWithTaxCents);
    // Without the flag, a line with both prices is priced without tax, as before.
    expect(euros(computeTotals([{ ...stored, price_includes_tax: undefined }]).totalWithTaxCents)).toBe('59.98');
  });

  it('mixes pricings within one rate and keeps each exact; a document discount spreads over both', () => {
    const totals = computeTotals([
      line({ price_with_tax: '19.99', quantity: 3 }),
      line({ price_without_tax: '10.00' }),
      { item_type: 'DISCOUNT', discount_type: 'FIXED_WITH_TAX', discount_amount: '7.97' },
    ]);
    expect(euros(totals.totalWithTaxCents)).toBe('64.00'); // 59.97 + 12.00 − 7.97
    expect(totals.vat).toHaveLength(1);
  });
});

const price = fc.integer({ min: 1, max: 500_000 }).map((c) => centsToDecimal(BigInt(c)));
const rate = fc.constantFrom('0', '2.1', '5.5', '10', '20');

describe('computeTotals: properties of prices with tax', () => {
  it('undiscounted lines priced with tax come to Σ quantity × price with tax, exactly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ quantity: fc.integer({ min: 1, max: 50 }), price_with_tax: price, vat_percentage: rate }),
          { minLength: 1, maxLength: 12 },
        ),
        (rows) => {
          const totals = computeTotals(rows.map((r) => line(r)));
          const expected = rows.reduce((sum, r) => sum + BigInt(r.quantity) * toHundredths(r.price_with_tax), 0n);
          expect(totals.totalWithTaxCents).toBe(expected);
          expect(totals.vat.reduce((sum, v) => sum + v.baseCents + v.vatCents, 0n)).toBe(expected);
        },
      ),
    );
  });

  it('each line priced with tax is quantity × price, less its discount, rounded once', () => {
    fc.assert(
      fc.property(
        fc.record({
          quantity: fc.integer({ min: 1, max: 100_000 }).map((h) => centsToDecimal(BigInt(h))),
          price_with_tax: price,
          vat_percentage: rate,
          discount_percentage: fc.integer({ min: 0, max: 10_000 }).map((b) => centsToDecimal(BigInt(b))),
        }),
        (r) => {
          const totals = computeTotals([line(r)]);
          expect(totals.lines[0].totalCents).toBe(
            roundDiv(
              toHundredths(r.quantity) *
                toHundredths(r.price_with_tax) *
                (10_000n - toHundredths(r.discount_percentage)),
              100n * 10_000n,
            ),
          );
          expect(totals.totalWithTaxCents).toBe(totals.lines[0].totalCents);
        },
      ),
    );
  });
});

describe('storageOverflow', () => {
  it('names the first line or the document whose amount does not fit decimal(10,2)', () => {
    expect(storageOverflow(computeTotals([line({ price_without_tax: '99999999.99', vat_percentage: 0 })]))).toBeNull();
    // Each price fits; the quantity takes the line past 99 999 999.99.
    expect(
      storageOverflow(
        computeTotals([
          { item_type: 'TEXT' },
          line({ price_without_tax: '50000000.00', quantity: 2, vat_percentage: 0 }),
        ]),
      ),
    ).toMatch(/^Line 2 /);
    // The unit price with tax is derived, and may not fit even when the price without tax does.
    expect(storageOverflow(computeTotals([line({ price_without_tax: '90000000.00', vat_percentage: 20 })]))).toMatch(
      /^Line 1 /,
    );
    // Every line fits; their sum does not.
    expect(
      storageOverflow(
        computeTotals([
          line({ price_without_tax: '60000000.00', vat_percentage: 0 }),
          line({ price_without_tax: '60000000.00', vat_percentage: 0 }),
        ]),
      ),
    ).toMatch(/^The document /);
  });
});
