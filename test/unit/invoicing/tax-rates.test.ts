import { taxedLineOf } from '../../../domain/invoicing/legacy-tax-line';
import {
  parseMilliPercent,
  percentText,
  taxFromVatPercentage,
  taxRateProblems,
  vatPercentageOf,
} from '../../../domain/invoicing/tax-rates';

describe('tax rates in thousandths of a percent', () => {
  it('reads up to three decimals and refuses more, or more than 100 %', () => {
    expect(parseMilliPercent('8.875')).toBe(8875);
    expect(parseMilliPercent(9.975)).toBe(9975);
    expect(parseMilliPercent('20')).toBe(20000);
    expect(parseMilliPercent(' 5.5 ')).toBe(5500);
    expect(parseMilliPercent('0')).toBe(0);
    expect(parseMilliPercent('100.000')).toBe(100000);
    expect(() => parseMilliPercent('8.8755')).toThrow(/at most 3 decimals/);
    expect(() => parseMilliPercent('100.001')).toThrow(/at most 100 %/);
    expect(() => parseMilliPercent('-5')).toThrow(RangeError);
    expect(() => parseMilliPercent('5,5')).toThrow(RangeError);
  });

  it('prints a rate without trailing zeros', () => {
    expect([8875, 20000, 5500, 9975, 0, 2100].map(percentText)).toEqual(['8.875', '20', '5.5', '9.975', '0', '2.1']);
  });

  it('names what is wrong with a line’s taxes', () => {
    expect(
      taxRateProblems([
        { name: 'GST', milliPercent: 5000 },
        { name: 'QST', milliPercent: 9975 },
      ]),
    ).toEqual([]);
    expect(
      taxRateProblems([
        { name: ' ', milliPercent: 5000 },
        { name: 'GST', milliPercent: 100_001 },
        { name: 'gst', milliPercent: 5000 },
      ]),
    ).toEqual([
      'Tax 1 has no name (VAT, GST, QST, Sales tax…)',
      'Tax 2: its rate must be between 0 and 100 % with at most 3 decimals',
      'Tax 3: gst is on the line twice',
    ]);
  });
});

describe('the spec’s vat_percentage (decimal(5,2)) as a tax line, and back', () => {
  it('a legacy rate is one tax named VAT at the same rate; empty is 0 %', () => {
    expect(taxFromVatPercentage('20.00')).toEqual({ name: 'VAT', milliPercent: 20000 });
    expect(taxFromVatPercentage(5.5)).toEqual({ name: 'VAT', milliPercent: 5500 });
    expect(taxFromVatPercentage(null)).toEqual({ name: 'VAT', milliPercent: 0 });
    expect(taxFromVatPercentage('8.88', 'Sales tax')).toEqual({ name: 'Sales tax', milliPercent: 8880 });
  });

  it('the legacy field shows a line’s one tax of two decimals, and nothing for finer or several taxes', () => {
    expect(vatPercentageOf([{ name: 'VAT', milliPercent: 20000 }])).toBe('20.00');
    expect(vatPercentageOf([{ name: 'VAT', milliPercent: 5500 }])).toBe('5.50');
    expect(vatPercentageOf([{ name: 'Sales tax', milliPercent: 8875 }])).toBeNull();
    expect(vatPercentageOf([])).toBeNull();
    expect(
      vatPercentageOf([
        { name: 'GST', milliPercent: 5000 },
        { name: 'QST', milliPercent: 9975 },
      ]),
    ).toBeNull();
  });

  it('a legacy line keeps its fields; a deposit’s VAT is its total less its net', () => {
    expect(taxedLineOf({ item_type: 'SESSION_TYPE', price_without_tax: '10.00', vat_percentage: '20' })).toEqual({
      item_type: 'SESSION_TYPE',
      price_without_tax: '10.00',
      taxes: [{ name: 'VAT', milliPercent: 20000 }],
    });
    expect(
      taxedLineOf({ item_type: 'DEPOSIT', price_without_tax: '-100.00', price_with_tax: '-120.00', vat_percentage: 20 })
        .deposit_taxes,
    ).toEqual([{ name: 'VAT', milliPercent: 20000, amountCents: -2000n }]);
  });
});
