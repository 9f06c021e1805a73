import { toHundredths } from './money';

/**
 * The taxes a line carries (issue 30 §2): zero or more, each a name and a rate. Rates go to three
 * decimals (New York City's 8.875 % sales tax, Québec's 9.975 % QST), so they are held as integers
 * in thousandths of a percent ("milli-percent"): 8.875 % is 8875, 20 % is 20000, 100 % is 100000.
 * Basis points (totals.ts, the decimal(5,2) `vat_percentage`) are ten times coarser: 20 % is 2000.
 */

/** 100 % in thousandths of a percent. */
export const FULL_RATE = 100_000;

/** A tax on a line: its name as the document prints it and its rate in thousandths of a percent. */
export interface TaxRate {
  /** "VAT", "GST", "HST", "PST", "QST", "Sales tax"…: free text, shown on the document. */
  name: string;
  /** Thousandths of a percent: 8875 is 8.875 %. */
  milliPercent: number;
}

/** The names the jurisdictions use; a studio may type another (a city's tax, a county's). */
export const COMMON_TAX_NAMES = ['VAT', 'GST', 'HST', 'PST', 'QST', 'Sales tax'] as const;

/** The name of the one tax a legacy line's `vat_percentage` becomes. */
export const LEGACY_TAX_NAME = 'VAT';

/**
 * A percentage as typed or stored ("8.875", 9.975, "20") in thousandths of a percent. At most
 * three decimals and between 0 and 100: a finer or larger rate is an input mistake, refused.
 */
export function parseMilliPercent(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{0,3}))?$/.exec(text);
  if (!match) throw new RangeError(`A tax rate is a percentage with at most 3 decimals (8.875): ${String(value)}`);
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  if (milli > FULL_RATE) throw new RangeError(`A tax rate is at most 100 %: ${String(value)}`);
  return milli;
}

/** A rate as a percentage without trailing zeros: 8875 → "8.875", 20000 → "20", 5500 → "5.5". */
export function percentText(milliPercent: number): string {
  const whole = Math.trunc(milliPercent / 1000);
  const fraction = String(milliPercent % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The one tax of a line written with the spec's `vat_percentage` (decimal(5,2), as the app sends it
 * today): named VAT (or `name`), the same rate. An empty rate is 0 %, as totals.ts reads it, so a
 * legacy line always carries exactly one tax and its totals are unchanged.
 */
export function taxFromVatPercentage(
  vatPercentage: number | string | null | undefined,
  name: string = LEGACY_TAX_NAME,
): TaxRate {
  return { name, milliPercent: Number(toHundredths(vatPercentage)) * 10 };
}

/**
 * The other way: the `vat_percentage` a line's taxes can be shown as in the legacy field, or null
 * when they cannot (no tax, two taxes, or a third decimal such as 8.875 %): the tax lines then carry
 * the truth and the legacy field stays empty.
 */
export function vatPercentageOf(taxes: readonly TaxRate[]): string | null {
  if (taxes.length !== 1 || taxes[0].milliPercent % 10 !== 0) return null;
  const hundredths = taxes[0].milliPercent / 10;
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** What is wrong with a line's taxes, one sentence each (empty when nothing): names, rates, the same tax twice. */
export function taxRateProblems(taxes: readonly TaxRate[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  taxes.forEach((tax, index) => {
    const where = `Tax ${index + 1}`;
    if (!tax.name.trim()) problems.push(`${where} has no name (VAT, GST, QST, Sales tax…)`);
    if (!Number.isInteger(tax.milliPercent) || tax.milliPercent < 0 || tax.milliPercent > FULL_RATE)
      problems.push(`${where}: its rate must be between 0 and 100 % with at most 3 decimals`);
    const key = tax.name.trim().toLowerCase();
    if (seen.has(key)) problems.push(`${where}: ${tax.name} is on the line twice`);
    seen.add(key);
  });
  return problems;
}
