import { type StoredTax, taxRateOf } from './line-taxes';
import { taxRateProblems } from './tax-rates';

/**
 * The tax rates a studio reuses (issue 30 §2): New York City's 8.875 % sales tax, British Columbia's
 * GST + PST, Québec's GST + QST, Ontario's HST, a VAT rate. Each has a name the studio picks it by,
 * its taxes, the regions (states, provinces) of the clients it applies to, and one may be the
 * default. A line picks one by name (`tax_rate`), or, sent with no tax at all, takes the one of
 * its client's region, else the default (taxesForLine). Pure.
 */
export interface StudioTaxRate {
  /** How the studio and its lines name it: "NYC sales tax", "Québec". Unique per studio, case aside. */
  name: string;
  taxes: StoredTax[];
  /** ISO 3166-2 subdivisions without the country (NY, QC): clients there take this rate by default. */
  regions: string[];
  /** The rate of a line sent without tax whose client's region no rate names. At most one. */
  is_default: boolean;
}

/** What is wrong with a studio's list of rates, each with the path it names. */
export function studioTaxRateProblems(rates: readonly StudioTaxRate[]): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const names = new Set<string>();
  const regions = new Map<string, string>();
  rates.forEach((rate, i) => {
    const key = rate.name.trim().toLowerCase();
    if (names.has(key)) problems.push({ path: `tax_rates.${i}.name`, message: `${rate.name} is named twice` });
    names.add(key);
    for (const message of taxRateProblems(rate.taxes.map(taxRateOf)))
      problems.push({ path: `tax_rates.${i}.taxes`, message });
    for (const region of rate.regions) {
      const other = regions.get(region);
      if (other !== undefined)
        problems.push({ path: `tax_rates.${i}.regions`, message: `${region} is already the region of ${other}` });
      regions.set(region, rate.name);
    }
  });
  if (rates.filter((r) => r.is_default).length > 1)
    problems.push({ path: 'tax_rates', message: 'At most one rate is the default' });
  return problems;
}

/** A studio's rate by its name, case and spaces aside; undefined when it has none of that name. */
export const taxRateNamed = (rates: readonly StudioTaxRate[], name: string): StudioTaxRate | undefined =>
  rates.find((r) => r.name.trim().toLowerCase() === name.trim().toLowerCase());

/**
 * The rate a line sent without tax takes for a client: the one naming the client's region (a
 * client in the studio's own country), else the studio's default, else none (the line stays as
 * sent: the spec's `vat_percentage`, 0 % when absent).
 */
export function defaultTaxRate(
  rates: readonly StudioTaxRate[],
  client: { region: string | null; country: string | null } | null,
  studioCountry: string | null,
): StudioTaxRate | undefined {
  const region = client?.region?.trim().toUpperCase();
  const home = !client?.country || !studioCountry || client.country === studioCountry;
  const byRegion = region && home ? rates.find((r) => r.regions.includes(region)) : undefined;
  return byRegion ?? rates.find((r) => r.is_default);
}

/** How a client is taxed: normally, exempt (a certificate), or reverse-charged (it accounts for the tax itself). */
export type ClientTaxTreatment = 'taxable' | 'exempt' | 'reverse_charge';

export function clientTaxTreatment(
  client: { tax_exempt_reference?: string | null; reverse_charge?: boolean | null } | null,
): ClientTaxTreatment {
  if (client?.tax_exempt_reference?.trim()) return 'exempt';
  if (client?.reverse_charge) return 'reverse_charge';
  return 'taxable';
}
