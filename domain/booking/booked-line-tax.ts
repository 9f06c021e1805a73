import { studioRegimeOf } from '../regimes';

/**
 * The tax a line made by a booking carries (its contract's quote, its deposit invoice): a studio
 * whose law charges one VAT a line (France's) or that keeps no tax rates gives the session type's
 * VAT rate; any other studio leaves the line untaxed as sent, so the document takes the rate its
 * own lines take without one (its client's region's, else its default: domain/invoicing/
 * line-tax-choice.ts): a Québec studio's deposit carries GST and QST, not one rate. Pure.
 */
export function bookedLineTax(
  studio: { company_country: string | null; keeps_tax_rates: boolean },
  typeVatPercentage: string,
): { vat_percentage?: number } {
  if (studioRegimeOf(studio.company_country).oneVatRatePerLine || !studio.keeps_tax_rates)
    return { vat_percentage: Number(typeVatPercentage) };
  return {};
}
