import { DEPOSIT_LINE } from './item-types';
import { centsToDecimal, toHundredths } from './money';
import { taxedLineOf } from './legacy-tax-line';
import { computeTaxTotals, type TaxAmount, type TaxedLineInput, type TaxSummary, type TaxTotals } from './tax-lines';
import {
  parseMilliPercent,
  percentText,
  type TaxRate,
  taxFromVatPercentage,
  taxRateProblems,
  vatPercentageOf,
} from './tax-rates';
import { computeTotals, type DocumentTotals, type LineInput, storageOverflow } from './totals';

/**
 * A quote or invoice line's taxes as stored and sent (issue 30 §2): `taxes` beside the spec's
 * `vat_percentage`. A line without `taxes` (NULL, every line written before) is the spec's one-tax
 * line; a document one of whose lines carries `taxes` is a document "with tax lines", totalled by
 * computeTaxTotals (which gives exactly computeTotals's amounts for one tax of two decimals, a
 * property test holds it) and printed with each tax's name. The API mapping is in
 * docs/api-changes.md ("Tax lines").
 */

/** One tax of a line as the API and the `taxes` column hold it: "GST" at "5", "QST" at "9.975". */
export interface StoredTax {
  name: string;
  /** A percentage with at most three decimals, as text without trailing zeros. */
  rate: string;
  /** A final invoice's DEPOSIT line only: the tax its deposit declared, taken off (negative, "-12.34"). */
  amount?: string;
}

/** A line as the tax rules read it: the spec's fields, and its taxes when it has them. */
export type TaxableLine = LineInput & { taxes?: readonly StoredTax[] | null };

export const storedTaxOf = (tax: TaxRate): StoredTax => ({
  name: tax.name.trim(),
  rate: percentText(tax.milliPercent),
});
/** A tax with its amount (a credit note's part, a deduction), as stored: the amount as decimal text. */
export const storedTaxAmountOf = (tax: TaxAmount): StoredTax & { amount: string } => ({
  ...storedTaxOf(tax),
  amount: centsToDecimal(tax.amountCents),
});
export const taxRateOf = (tax: StoredTax): TaxRate => ({ name: tax.name, milliPercent: parseMilliPercent(tax.rate) });

/** Whether any line of a document carries its own taxes: the document is then totalled and printed by tax. */
export const usesTaxLines = (items: readonly TaxableLine[]): boolean =>
  items.some((i) => i.taxes !== null && i.taxes !== undefined);

/**
 * A line's taxes: its own, else the one its `vat_percentage` makes, named `legacyName` (VAT, or the
 * name of the seller's country's tax: GST, Sales tax).
 */
export function lineTaxRates(item: TaxableLine, legacyName?: string): TaxRate[] {
  if (item.taxes) return item.taxes.map(taxRateOf);
  return [taxFromVatPercentage(item.vat_percentage, legacyName)];
}

/** A line's fields the totals read, as a plain object (a stored line may be a model instance, whose fields are getters). */
const plainLine = (item: TaxableLine): LineInput => ({
  item_type: item.item_type,
  quantity: item.quantity,
  price_with_tax: item.price_with_tax,
  price_without_tax: item.price_without_tax,
  vat_percentage: item.vat_percentage,
  discount_percentage: item.discount_percentage,
  discount_amount: item.discount_amount,
  discount_type: item.discount_type,
  price_includes_tax: item.price_includes_tax,
});

/** The lines as computeTaxTotals reads them; a DEPOSIT line (a deduction) keeps what it declared, as one tax. */
export function taxedItems(items: readonly TaxableLine[], legacyName?: string): TaxedLineInput[] {
  return items.map((item) => {
    const line = plainLine(item);
    if (!item.taxes) return taxedLineOf(line, legacyName);
    const taxes = item.taxes.map(taxRateOf);
    if (line.item_type !== DEPOSIT_LINE) return { ...line, vat_percentage: undefined, taxes };
    // A deduction takes off exactly what its deposit declared of each tax.
    const declared = item.taxes.map((t, i) => ({ ...taxes[i], amountCents: toHundredths(t.amount ?? '0') }));
    return { ...line, vat_percentage: undefined, taxes, deposit_taxes: declared };
  });
}

/** A document's totals by whichever rule its lines call for, in the shape the storage checks read. */
export interface LinesTotals {
  lines: DocumentTotals['lines'];
  totalWithoutTaxCents: bigint;
  totalTaxCents: bigint;
  totalWithTaxCents: bigint;
  /** Per tax and rate when the document has tax lines; null for a document of `vat_percentage` lines only. */
  taxes: TaxSummary[] | null;
  /** computeTotals's result for a document without tax lines (its VAT per rate), else null. */
  legacy: DocumentTotals | null;
}

export function linesTotals(items: readonly TaxableLine[]): LinesTotals {
  if (!usesTaxLines(items)) {
    const legacy = computeTotals(items);
    return {
      lines: legacy.lines,
      totalWithoutTaxCents: legacy.totalWithoutTaxCents,
      totalTaxCents: legacy.totalVatCents,
      totalWithTaxCents: legacy.totalWithTaxCents,
      taxes: null,
      legacy,
    };
  }
  const totals: TaxTotals = computeTaxTotals(taxedItems(items));
  return {
    lines: totals.lines,
    totalWithoutTaxCents: totals.totalWithoutTaxCents,
    totalTaxCents: totals.totalTaxCents,
    totalWithTaxCents: totals.totalWithTaxCents,
    taxes: totals.taxes,
    legacy: null,
  };
}

/** The first amount too large to be stored, as a message; null when all fit (totals.ts's storageOverflow for either rule). */
export const linesOverflow = (totals: LinesTotals): string | null =>
  storageOverflow({ ...totals, vat: [], totalVatCents: totals.totalTaxCents });

/**
 * What a line with taxes stores in the spec's `vat_percentage` column (decimal(5,2), NOT NULL):
 * the one tax's rate when it fits the column (the API shows it), else the combined rate rounded to
 * two decimals (14.98 for GST 5 % + QST 9.975 %), which the API does not show (null): the taxes
 * are the truth and every rule reads them.
 */
export function storedVatPercentage(taxes: readonly TaxRate[]): string {
  const exact = vatPercentageOf(taxes);
  if (exact !== null) return exact;
  const milli = taxes.reduce((s, t) => s + t.milliPercent, 0);
  const hundredths = Math.round(milli / 10);
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** The stored summary an issued invoice with tax lines keeps (invoices.tax_amounts), decimal strings. */
export interface StoredTaxAmount extends StoredTax {
  base: string;
  amount: string;
}

export const storedTaxAmounts = (taxes: readonly TaxSummary[]): StoredTaxAmount[] =>
  taxes.map((t) => ({ ...storedTaxOf(t), base: centsToDecimal(t.baseCents), amount: centsToDecimal(t.amountCents) }));

/**
 * What is wrong with a line's taxes as sent, each with the path it names: the same tax twice, a
 * `vat_percentage` beside them that says another rate than their one tax (or any, beside several).
 */
export function lineTaxProblems(item: TaxableLine): { path: (string | number)[]; message: string }[] {
  if (!item.taxes) return [];
  const rates = item.taxes.map(taxRateOf);
  const problems = taxRateProblems(rates).map((message) => ({ path: ['taxes'], message }));
  if (item.vat_percentage !== undefined && item.vat_percentage !== null && item.taxes.length > 0) {
    const same = vatPercentageOf(rates);
    if (same === null || toHundredths(same) !== toHundredths(item.vat_percentage))
      problems.push({
        path: ['vat_percentage'],
        message:
          same === null
            ? 'The line has taxes that vat_percentage cannot say (several, or a rate of three decimals): leave vat_percentage out'
            : `vat_percentage says another rate than the line's tax (${same}): send one, or both that agree`,
      });
  }
  return problems;
}
