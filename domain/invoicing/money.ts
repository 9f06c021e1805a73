/**
 * Money and rates as integers, so totals never drift by a float: amounts in cents, quantities in
 * hundredths, percentages in basis points (hundredths of a percent: 5.5 % is 550). The columns
 * are decimal(10,2) and decimal(5,2), so every stored value converts exactly.
 */

/** A decimal with at most two places (number, or the string PostgreSQL returns for decimal) as hundredths. */
export function toHundredths(value: number | string | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const [, minus, whole, fraction = ''] = match;
  const hundredths = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return minus ? -hundredths : hundredths;
}

/** `numerator / denominator` rounded half away from zero (the cent rounding of invoices). */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** Cents as the decimal(10,2) text the database stores. */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
