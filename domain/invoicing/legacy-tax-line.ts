import { DEPOSIT_LINE } from './item-types';
import { toHundredths } from './money';
import { type TaxedLineInput } from './tax-lines';
import { taxFromVatPercentage } from './tax-rates';
import { type LineInput } from './totals';

/**
 * The spec's one-tax line (`vat_percentage`, decimal(5,2), as the app sends it today) as a line of
 * tax lines, and back. A legacy line carries exactly one tax named VAT at its rate (an empty rate
 * is 0 %), so computeTaxTotals gives it exactly what computeTotals gives; a DEPOSIT line's VAT is
 * what its total with tax and its net declared (price_with_tax − price_without_tax). The way back
 * for the legacy field is vatPercentageOf (tax-rates.ts).
 */
export function taxedLineOf(line: LineInput, taxName?: string): TaxedLineInput {
  const { vat_percentage, ...rest } = line;
  const tax = taxFromVatPercentage(vat_percentage, taxName);
  if (line.item_type !== DEPOSIT_LINE) return { ...rest, taxes: [tax] };
  const amountCents = toHundredths(line.price_with_tax) - toHundredths(line.price_without_tax);
  return { ...rest, taxes: [tax], deposit_taxes: [{ ...tax, amountCents }] };
}
