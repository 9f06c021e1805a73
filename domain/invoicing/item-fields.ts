import { linesTotals, type TaxableLine } from './line-taxes';
import { type LineInput } from './totals';
import { centsToDecimal, toHundredths } from './money';

/**
 * The fields a quote or invoice line carries for its type (issue 28 §3): a value the line's type
 * would not use is refused rather than dropped without a word. Pure; each problem names its field.
 *
 * - BLANK and TEXT lines carry no amount: a price, a discount or a discount type on one is refused
 *   (zeros and nulls are accepted: a line read back from the API has them).
 * - DISCOUNT lines take off a percentage (`discount_percentage`, or `discount_amount` alone) or a
 *   fixed amount (`discount_amount`): a price on one is refused, and so is a percentage on a fixed
 *   discount.
 * - SESSION_TYPE lines carry a price and their own `discount_percentage`: `discount_amount` and
 *   `discount_type` (document discounts) are refused; both prices given must agree, since one is
 *   derived from the other (the one priced with, `price_includes_tax` or, unset, with tax only when
 *   the price without tax is absent or 0).
 */

export interface FieldProblem {
  field: keyof LineInput | 'taxes';
  message: string;
}

const set = (value: number | string | null | undefined) =>
  value !== undefined && value !== null && value !== '' && toHundredths(value) !== 0n;

export function ignoredItemFields(item: TaxableLine): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const refuse = (field: FieldProblem['field'], message: string) => problems.push({ field, message });
  const type = item.item_type;
  if (type === 'BLANK' || type === 'TEXT') {
    const what = type === 'BLANK' ? 'An empty line' : 'A text line';
    for (const field of ['price_with_tax', 'price_without_tax', 'discount_percentage', 'discount_amount'] as const) {
      if (set(item[field])) refuse(field, `${what} carries no amount: use a SESSION_TYPE line for a priced service`);
    }
    if (item.discount_type) refuse('discount_type', `${what} is not a discount: use a DISCOUNT line`);
    if (item.taxes?.length) refuse('taxes', `${what} carries no amount, so no tax`);
  } else if (type === 'DISCOUNT') {
    for (const field of ['price_with_tax', 'price_without_tax'] as const) {
      if (set(item[field]))
        refuse(
          field,
          'A discount line has no price: set discount_percentage, or discount_amount with discount_type FIXED_WITH_TAX or FIXED_WITHOUT_TAX',
        );
    }
    const fixed = item.discount_type === 'FIXED_WITH_TAX' || item.discount_type === 'FIXED_WITHOUT_TAX';
    if (fixed && set(item.discount_percentage))
      refuse(
        'discount_percentage',
        `A ${item.discount_type} discount takes off discount_amount: a percentage needs discount_type PERCENTAGE_OF_TOTAL`,
      );
    if (
      !fixed &&
      set(item.discount_percentage) &&
      set(item.discount_amount) &&
      toHundredths(item.discount_amount) !== toHundredths(item.discount_percentage)
    ) {
      refuse(
        'discount_amount',
        'A percentage discount takes off discount_percentage: discount_amount is a fixed discount, with discount_type FIXED_WITH_TAX or FIXED_WITHOUT_TAX',
      );
    }
    if (item.taxes?.length)
      refuse('taxes', "A discount line takes its share off each line's own taxes: set taxes on the service lines");
  } else if (type === 'SESSION_TYPE') {
    if (set(item.discount_amount))
      refuse(
        'discount_amount',
        "A service line's own discount is discount_percentage; an amount off is a DISCOUNT line",
      );
    if (item.discount_type) refuse('discount_type', 'discount_type belongs to DISCOUNT lines');
    // The line's prices as its totals read them (totals.ts): the one it is priced with, the other derived.
    const [line] = linesTotals([item]).lines;
    const withTax = line.priceIncludesTax;
    const other = withTax ? 'price_without_tax' : 'price_with_tax';
    const derived = withTax ? line.priceWithoutTaxCents : line.priceWithTaxCents;
    if (set(item[other]) && toHundredths(item[other]) !== derived) {
      refuse(
        other,
        `The line is priced ${withTax ? 'with' : 'without'} tax: ${other} is derived from ${withTax ? 'price_with_tax' : 'price_without_tax'} (${centsToDecimal(derived)}); send one price, or both that agree`,
      );
    }
  }
  return problems;
}
