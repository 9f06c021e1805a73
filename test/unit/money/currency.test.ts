import fc from 'fast-check';
import {
  currencyDigits,
  defaultCurrency,
  fromMinorUnits,
  fromStoredDecimal,
  isCurrencyCode,
  parseCurrency,
  storageProblem,
  toMinorUnits,
  toStoredDecimal,
} from '../../../domain/money/currency';

describe('currency codes and digits', () => {
  it('knows ISO 4217 codes from the runtime, as written', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(parseCurrency(' cad ')).toBe('CAD');
    expect(parseCurrency('dollars')).toBeNull();
  });

  it('reads the minor-unit digits from ICU: 2 for most, 0 for JPY, 3 for BHD and KWD', () => {
    expect(['USD', 'EUR', 'GBP', 'CAD', 'AUD'].map(currencyDigits)).toEqual([2, 2, 2, 2, 2]);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('KWD')).toBe(3);
    expect(() => currencyDigits('ABC')).toThrow(RangeError);
  });

  it('defaults from the country: US, GB, CA, AU, IE and FR; EUR elsewhere', () => {
    expect(['US', 'GB', 'CA', 'AU', 'IE', 'FR'].map(defaultCurrency)).toEqual([
      'USD',
      'GBP',
      'CAD',
      'AUD',
      'EUR',
      'EUR',
    ]);
    expect(defaultCurrency('de')).toBe('EUR');
    expect(defaultCurrency('JP')).toBe('EUR');
    expect(defaultCurrency(null)).toBe('EUR');
  });
});

describe('decimal strings and minor units', () => {
  it('converts exactly, with the currency’s own places', () => {
    expect(toMinorUnits('12.34', 'USD')).toBe(1234n);
    expect(toMinorUnits('12.3', 'USD')).toBe(1230n);
    expect(toMinorUnits('-0.05', 'EUR')).toBe(-5n);
    expect(toMinorUnits('.5', 'EUR')).toBe(50n);
    expect(toMinorUnits(19.99, 'GBP')).toBe(1999n);
    expect(toMinorUnits('1234', 'JPY')).toBe(1234n);
    expect(toMinorUnits('1234.00', 'JPY')).toBe(1234n);
    expect(toMinorUnits('1.234', 'BHD')).toBe(1234n);
    expect(fromMinorUnits(1234n, 'USD')).toBe('12.34');
    expect(fromMinorUnits(-5n, 'EUR')).toBe('-0.05');
    expect(fromMinorUnits(1234n, 'JPY')).toBe('1234');
    expect(fromMinorUnits(1234n, 'KWD')).toBe('1.234');
  });

  it('refuses places a currency does not have, and text that is not an amount', () => {
    expect(() => toMinorUnits('12.345', 'USD')).toThrow(/2 decimal places/);
    expect(() => toMinorUnits('1234.5', 'JPY')).toThrow(/0 decimal places/);
    expect(() => toMinorUnits('12,34', 'EUR')).toThrow(/Not a decimal amount/);
    expect(() => toMinorUnits('abc', 'EUR')).toThrow(RangeError);
  });

  it('round-trips every amount in 0-, 2- and 3-digit currencies', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.constantFrom('JPY', 'USD', 'EUR', 'BHD'),
        (minor, currency) => {
          expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('what the decimal(10,2) columns hold', () => {
  it('keeps 2-digit currencies as they are and 0-digit ones as whole units', () => {
    expect(toStoredDecimal(1234n, 'USD')).toBe('12.34');
    expect(toStoredDecimal(-1234n, 'EUR')).toBe('-12.34');
    expect(toStoredDecimal(1234n, 'JPY')).toBe('1234.00');
    expect(fromStoredDecimal('1234.00', 'JPY')).toBe(1234n);
    expect(fromStoredDecimal('12.34', 'GBP')).toBe(1234n);
    expect(toStoredDecimal(9_999_999_999n, 'USD')).toBe('99999999.99');
    expect(toStoredDecimal(99_999_999n, 'JPY')).toBe('99999999.00');
  });

  it('refuses a 3-digit currency with a clear message, and an amount past 99 999 999.99', () => {
    expect(storageProblem('USD')).toBeNull();
    expect(storageProblem('JPY')).toBeNull();
    expect(storageProblem('BHD')).toBe('BHD has 3 decimal places; amounts are kept with 2, so it cannot be used yet');
    expect(storageProblem('KWD')).toMatch(/^KWD has 3 decimal places/);
    expect(storageProblem('EURO')).toMatch(/not an ISO 4217 currency code/);
    expect(() => toStoredDecimal(1234n, 'KWD')).toThrow(/cannot be used yet/);
    expect(() => toStoredDecimal(10_000_000_000n, 'USD')).toThrow(/more than a document can hold/);
    expect(() => toStoredDecimal(100_000_000n, 'JPY')).toThrow(/100000000 JPY/);
  });
});
