import { ValidationError } from '../errors';
import { type StoredTax, storedVatPercentage, taxRateOf } from './line-taxes';
import { clientTaxTreatment, defaultTaxRate, type StudioTaxRate, taxRateNamed } from './studio-tax-rates';
import { vatPercentageOf } from './tax-rates';

/** What the studio's profile says of how its lines are taxed: exempt (franchise en base, not registered), its law, country and rates. */
export interface TaxSetting {
  exempt: boolean;
  /** The studio's law charges one VAT rate a line (`Regime.oneVatRatePerLine`: France's, with Factur-X). */
  oneVatRatePerLine: boolean;
  country: string | null;
  rates: StudioTaxRate[];
}

/** The client as its lines' taxes read it: its region and country, and a tax exemption or reverse charge. */
export interface TaxedClient {
  region: string | null;
  country: string | null;
  tax_exempt_reference?: string | null;
  reverse_charge?: boolean | null;
}

/** A line's tax fields as the request sends them. */
export interface TaxedLine {
  item_type: string;
  vat_percentage?: number;
  taxes?: StoredTax[] | null;
  /** One of the studio's rates by name: the line takes its taxes (never stored as such). */
  tax_rate?: string;
}

/**
 * The taxes a studio's lines carry (issue 30 §2). A studio whose law charges one VAT a line
 * (France's) sets it with `vat_percentage`: its lines are left as sent, and a `tax_rate` is
 * refused. Any other studio picks among its rates: a line naming one (`tax_rate`) takes its taxes
 * (an unknown name is a 400); a service line sent with no tax at all takes the rate of its
 * client's region, else the studio's default. A tax-exempt client (a certificate) or a
 * reverse-charged one is billed without tax.
 */
export function chooseLineTaxes<L extends TaxedLine>(
  items: L[],
  setting: TaxSetting,
  client: TaxedClient | null,
): Omit<L, 'tax_rate'>[] {
  const named = items.findIndex((i) => i.tax_rate !== undefined);
  if (setting.oneVatRatePerLine) {
    if (named >= 0)
      throw new ValidationError("A studio in France sets each line's VAT with vat_percentage", [
        { path: `items.${named}.tax_rate`, message: 'is for studios outside France' },
      ]);
    return items;
  }
  const untaxed = clientTaxTreatment(client) !== 'taxable';
  const fallback = defaultTaxRate(setting.rates, client, setting.country);
  return items.map(({ tax_rate: name, ...line }, index) => {
    if (line.item_type !== 'SESSION_TYPE') return line;
    if (untaxed) return { ...line, vat_percentage: undefined, taxes: [] };
    if (name !== undefined) {
      const rate = taxRateNamed(setting.rates, name);
      if (!rate)
        throw new ValidationError(`The studio has no tax rate named ${name}`, [
          { path: `items.${index}.tax_rate`, message: "must be the name of one of the company profile's tax_rates" },
        ]);
      return { ...line, vat_percentage: undefined, taxes: rate.taxes };
    }
    const sentTax = line.taxes || (line.vat_percentage !== undefined && line.vat_percentage !== null);
    return sentTax || !fallback ? line : { ...line, taxes: fallback.taxes };
  });
}

/**
 * The lines as stored, by the studio's tax setting: an exempt studio's lines carry no tax; a studio
 * whose law charges one VAT a line keeps it in `vat_percentage` (French law and Factur-X: one rate
 * of two decimals), so a line sent with one such tax is stored as that rate, anything else
 * refused; any other studio's lines keep their taxes, with `vat_percentage` what line-taxes.ts
 * stores beside them.
 */
export function taxedAsStored<L extends Omit<TaxedLine, 'tax_rate'>>(items: L[], setting: TaxSetting): L[] {
  return items.map((line, index) => {
    if (setting.exempt) return { ...line, vat_percentage: 0, taxes: null };
    if (!line.taxes) return { ...line, taxes: null };
    const rates = line.taxes.map(taxRateOf);
    if (setting.oneVatRatePerLine) {
      const rate = rates.length === 0 ? '0.00' : vatPercentageOf(rates);
      if (rate === null)
        throw new ValidationError('A studio in France charges one VAT rate a line, with at most two decimals', [
          { path: `items.${index}.taxes`, message: 'must be one VAT rate with at most two decimals, or none' },
        ]);
      return { ...line, vat_percentage: Number(rate), taxes: null };
    }
    return { ...line, vat_percentage: Number(storedVatPercentage(rates)) };
  });
}
