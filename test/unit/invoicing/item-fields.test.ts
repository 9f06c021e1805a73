import fc from 'fast-check';
import { ignoredItemFields } from '../../../domain/invoicing/item-fields';
import { computeTotals, type LineInput } from '../../../domain/invoicing/totals';

const fields = (item: LineInput) => ignoredItemFields(item).map((p) => p.field);
const money = fc.integer({ min: 1, max: 1_000_000 }).map((c) => (c / 100).toFixed(2));

describe('the fields a line carries for its type (issue 28 §3)', () => {
  it('refuses a price on a text or empty line instead of storing it at 0.00', () => {
    expect(fields({ item_type: 'TEXT', price_with_tax: '120.00' })).toEqual(['price_with_tax']);
    expect(fields({ item_type: 'BLANK', price_without_tax: 5, discount_type: 'FIXED_WITH_TAX' })).toEqual([
      'price_without_tax',
      'discount_type',
    ]);
  });

  it('accepts a text line read back from the API, its zeros and nulls included', () => {
    expect(
      fields({
        item_type: 'TEXT',
        price_with_tax: '0.00',
        price_without_tax: '0.00',
        discount_percentage: '0.00',
        discount_amount: null,
        discount_type: null,
        quantity: '1.00',
        vat_percentage: '20.00',
      }),
    ).toEqual([]);
  });

  it('refuses a price on a discount, and a percentage on a fixed discount', () => {
    expect(
      fields({
        item_type: 'DISCOUNT',
        discount_type: 'PERCENTAGE_OF_TOTAL',
        discount_percentage: 10,
        price_with_tax: 10,
      }),
    ).toEqual(['price_with_tax']);
    expect(
      fields({ item_type: 'DISCOUNT', discount_type: 'FIXED_WITH_TAX', discount_amount: 20, discount_percentage: 10 }),
    ).toEqual(['discount_percentage']);
    expect(fields({ item_type: 'DISCOUNT', discount_type: 'PERCENTAGE_OF_TOTAL', discount_amount: 10 })).toEqual([]);
  });

  it('refuses document discount fields on a service line', () => {
    expect(
      fields({
        item_type: 'SESSION_TYPE',
        price_without_tax: 100,
        discount_amount: 10,
        discount_type: 'FIXED_WITH_TAX',
      }),
    ).toEqual(['discount_amount', 'discount_type']);
  });

  it('refuses two prices that disagree, naming the derived one', () => {
    expect(
      fields({ item_type: 'SESSION_TYPE', price_without_tax: 100, price_with_tax: 130, vat_percentage: 20 }),
    ).toEqual(['price_with_tax']);
    expect(
      fields({
        item_type: 'SESSION_TYPE',
        price_includes_tax: true,
        price_without_tax: 100,
        price_with_tax: 130,
        vat_percentage: 20,
      }),
    ).toEqual(['price_without_tax']);
    expect(
      fields({ item_type: 'SESSION_TYPE', price_without_tax: 100, price_with_tax: 120, vat_percentage: 20 }),
    ).toEqual([]);
  });

  it('accepts every service line read back as the API wrote it (both prices as its totals derived them)', () => {
    fc.assert(
      fc.property(money, fc.constantFrom(0, 5.5, 10, 20), fc.boolean(), (price, vat, withTax) => {
        const typed: LineInput = {
          item_type: 'SESSION_TYPE',
          vat_percentage: vat,
          price_includes_tax: withTax,
          ...(withTax ? { price_with_tax: price } : { price_without_tax: price }),
        };
        const [line] = computeTotals([typed]).lines;
        const readBack = {
          ...typed,
          price_with_tax: (Number(line.priceWithTaxCents) / 100).toFixed(2),
          price_without_tax: (Number(line.priceWithoutTaxCents) / 100).toFixed(2),
        };
        expect(fields(readBack)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
