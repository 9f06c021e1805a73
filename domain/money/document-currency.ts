import { currencyDigits, defaultCurrency, parseCurrency, storageProblem } from './currency';

/**
 * The currencies a studio can invoice in today: ISO 4217 codes with two decimal places (USD, GBP,
 * CAD, AUD, EUR, CHF…). Totals are computed in hundredths and rounded to the cent
 * (domain/invoicing/totals.ts); a currency without decimals (JPY) would need them rounded to its
 * whole unit, and one with three (BHD) does not fit the decimal(10,2) columns, so both are refused
 * with a message saying so (docs/api-changes.md, "Currencies").
 */
export function documentCurrencyProblem(text: string): string | null {
  const code = parseCurrency(text);
  if (code === null) return `${text} is not an ISO 4217 currency code (USD, EUR, GBP, CAD, AUD…)`;
  const stored = storageProblem(code);
  if (stored) return stored;
  if (currencyDigits(code) !== 2)
    return `${code} has ${currencyDigits(code)} decimal places; documents are in currencies with two for now`;
  return null;
}

/** The currency a studio's documents start in: the one its profile sets, else its country's. */
export function studioCurrency(
  company: { currency?: string | null; company_country?: string | null } | null | undefined,
): string {
  return company?.currency ?? defaultCurrency(company?.company_country);
}
