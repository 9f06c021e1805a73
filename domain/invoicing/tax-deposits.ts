import { creditNoteTaxes, remainingParts, type TaxPart, type TaxSetAmount } from './credit-taxes';
import { taxedItems, type TaxableLine } from './line-taxes';
import { computeTaxTotals, lineTaxes, type TaxSummary } from './tax-lines';
import { percentText, type TaxRate } from './tax-rates';

/**
 * Deposit invoices of a quote whose lines carry their own taxes (issue 30 §2): deposits.ts's rules
 * with a set of taxes (GST + QST) where they have a VAT rate. An installment is shared over the
 * quote's sets in proportion to what each has left once the quote's earlier deposits are taken off
 * (credit-taxes.ts's sharing: the parts add up to the installment, no set past what it holds); each
 * part is one deposit line priced with tax, its net and taxes split as splitTaxSet does. The final
 * invoice deducts what each issued deposit declared per set less its credit notes, exactly: the
 * tax declared on a deposit is never declared twice.
 */

/** What a document's lines come to per set of taxes, once discounted: its net, each tax, with tax. */
export function taxSetParts(items: readonly TaxableLine[]): TaxPart[] {
  return computeTaxTotals(taxedItems(items)).groups.map((g) => ({
    taxes: g.taxes.map((t, i) => ({ ...t, amountCents: g.taxCents[i] })),
    baseCents: g.netCents,
    withTaxCents: g.netCents + g.taxCents.reduce((a, b) => a + b, 0n),
  }));
}

/** An installment shared over the quote's sets of taxes, what its earlier deposits took there taken off first. */
export function splitTaxDeposit(
  installmentCents: bigint,
  quote: readonly TaxSetAmount[],
  earlier: readonly TaxSetAmount[] = [],
): TaxPart[] {
  if (installmentCents <= 0n) throw new RangeError('A deposit is more than 0');
  return creditNoteTaxes(installmentCents, [], quote, [earlier]);
}

/**
 * What is left of an issued deposit once its credit notes are taken off, per set of taxes: its own
 * parts less each credit note's (as stored at issue). Should a set come out below zero (a credit
 * note from before the parts were stored), what is left in all is shared again over the deposit's
 * sets, so no part is negative.
 */
export function remainingTaxDeposit(deposit: readonly TaxPart[], credits: readonly (readonly TaxPart[])[]): TaxPart[] {
  return remainingParts(deposit, credits) ?? reshared(deposit, credits);
}

function reshared(deposit: readonly TaxPart[], credits: readonly (readonly TaxPart[])[]): TaxPart[] {
  const total =
    deposit.reduce((s, p) => s + p.withTaxCents, 0n) - credits.flat().reduce((s, p) => s + p.withTaxCents, 0n);
  return total > 0n ? creditNoteTaxes(total, [], deposit, []) : [];
}

/** A set of taxes as a deposit line's label names it: "GST 5 % + QST 9.975 %". */
export const taxSetLabel = (part: { taxes: readonly TaxRate[] }): string =>
  lineTaxes(part.taxes)
    .map((t) => `${t.name} ${percentText(t.milliPercent)} %`)
    .join(' + ');

/** A message when the deposits deducted take a tax below zero (more than the invoice's lines hold there); null otherwise. */
export function taxDepositOverrun(taxes: readonly TaxSummary[]): string | null {
  const over = taxes.find((t) => t.baseCents < 0n || t.amountCents < 0n);
  return over
    ? `The deposits deducted at ${over.name} ${percentText(over.milliPercent)} % come to more than this invoice's lines there`
    : null;
}
