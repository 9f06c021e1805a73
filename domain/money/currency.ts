import { knownRegimeOf } from '../regimes';

/**
 * Currencies (issue 30 §1): every amount stays an exact integer in its currency's minor unit (cents
 * for EUR, USD, GBP; whole yen for JPY). The number of minor digits is ISO 4217's, read from the
 * runtime's ICU data rather than a table typed by hand, so a currency ICU knows is never wrong here.
 *
 * The amount columns are decimal(10,2): they hold a 2-digit currency as it is and a 0-digit one as
 * whole units ("1234.00"); a 3-digit currency (BHD, KWD, TND…) would lose its last digit, so it is
 * refused until a column can hold it.
 */

let codes: Set<string> | null = null;

/** The ISO 4217 codes the runtime supports (Intl.supportedValuesOf), built once. */
function currencyCodes(): Set<string> {
  return (codes ??= new Set(Intl.supportedValuesOf('currency')));
}

/** Whether `code` is an ISO 4217 currency code the runtime knows, as written (upper case). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && currencyCodes().has(code);
}

/** The code of a currency as typed ("usd", " EUR "), or null when it is none. */
export function parseCurrency(text: string): string | null {
  const code = text.trim().toUpperCase();
  return isCurrencyCode(code) ? code : null;
}

const digitsCache = new Map<string, number>();

/** ISO 4217 minor-unit digits of a currency (2 for EUR, 0 for JPY, 3 for BHD), from ICU. */
export function currencyDigits(code: string): number {
  if (!isCurrencyCode(code)) throw new RangeError(`Not an ISO 4217 currency code: ${code}`);
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
    digitsCache.set(code, digits);
  }
  return digits;
}

/**
 * The currency a studio starts with, from its country (ISO 3166-1 alpha-2): a served country's is
 * its regime's (`Regime.currency`: USD, GBP, CAD, AUD, EUR in France and Ireland). JavaScript's Intl
 * has no country-to-currency lookup, so any other country (the rest of the euro area included)
 * falls back to EUR, the service's currency until now: an account keeps what it had, and the
 * studio picks its own currency in its profile.
 */
export const DEFAULT_CURRENCY = 'EUR';

/** The default currency of a country (US → USD, GB → GBP, CA → CAD, AU → AUD, IE/FR → EUR); EUR otherwise. */
export function defaultCurrency(country: string | null | undefined): string {
  return knownRegimeOf(country?.trim().toUpperCase())?.currency ?? DEFAULT_CURRENCY;
}

/**
 * A decimal amount (a string as typed or as PostgreSQL returns it, or a number) in minor units of
 * `currency`: "12.34" USD is 1234n, "1234" JPY is 1234n, and "1234.00" JPY (a decimal(10,2)
 * column's text) is 1234n too. More digits than the currency has are refused unless they are zeros:
 * "12.345" USD is not an amount a client can pay.
 */
export function toMinorUnits(value: string | number, currency: string): bigint {
  const digits = currencyDigits(currency);
  const text = typeof value === 'number' ? value.toFixed(Math.max(digits, 2)) : value.trim();
  const match = /^([-+])?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^([-+])?()\.(\d+)$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const [, sign, whole, fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(digits)))
    throw new RangeError(`${currency} has ${digits} decimal places: ${String(value)} has more`);
  const minor =
    BigInt(whole || '0') * 10n ** BigInt(digits) + BigInt(fraction.slice(0, digits).padEnd(digits, '0') || 0);
  return sign === '-' ? -minor : minor;
}

/** Minor units as a decimal string with the currency's own places: 1234n USD is "12.34", 1234n JPY is "1234". */
export function fromMinorUnits(minor: bigint, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(digits);
  const fraction = digits ? `.${(abs % scale).toString().padStart(digits, '0')}` : '';
  return `${negative ? '-' : ''}${abs / scale}${fraction}`;
}

/** How many decimal places the amount columns keep (decimal(10,2)). */
export const STORED_DIGITS = 2;
/** The largest absolute value a decimal(10,2) column holds, in hundredths (99 999 999.99). */
const MAX_STORED_HUNDREDTHS = 9_999_999_999n;

/** Whether amounts in `currency` fit the decimal(10,2) columns: a message saying why not, or null. */
export function storageProblem(currency: string): string | null {
  if (!isCurrencyCode(currency)) return `${currency} is not an ISO 4217 currency code (USD, EUR, GBP…)`;
  const digits = currencyDigits(currency);
  if (digits > STORED_DIGITS)
    return `${currency} has ${digits} decimal places; amounts are kept with ${STORED_DIGITS}, so it cannot be used yet`;
  return null;
}

/**
 * Minor units as the text a decimal(10,2) column stores: 1234n USD is "12.34", 1234n JPY is
 * "1234.00" (whole units). Throws for a currency the columns cannot hold (storageProblem) or an
 * amount past 99 999 999.99.
 */
export function toStoredDecimal(minor: bigint, currency: string): string {
  const problem = storageProblem(currency);
  if (problem) throw new RangeError(problem);
  const hundredths = minor * 10n ** BigInt(STORED_DIGITS - currencyDigits(currency));
  if (hundredths > MAX_STORED_HUNDREDTHS || hundredths < -MAX_STORED_HUNDREDTHS)
    throw new RangeError(`${fromMinorUnits(minor, currency)} ${currency} is more than a document can hold`);
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A decimal(10,2) column's text read back in minor units of `currency` ("1234.00" JPY is 1234n). */
export function fromStoredDecimal(stored: string | number, currency: string): bigint {
  const problem = storageProblem(currency);
  if (problem) throw new RangeError(problem);
  return toMinorUnits(stored, currency);
}
