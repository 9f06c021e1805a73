import { centsToDecimal, toHundredths } from './money';
import { type StoredTax, storedTaxAmountOf, storedVatPercentage, taxRateOf } from './line-taxes';
import { type StoredVatPart } from './stored-vat';
import { combinedRate, lineTaxes, netWithin, shareOut, type TaxAmount, taxesWithin, taxSetKey } from './tax-lines';
import { type TaxRate } from './tax-rates';

/**
 * A credit note of an invoice with tax lines (issue 30 §2): credit-vat.ts's rules with a set of
 * taxes (GST + QST, 8.875 % sales tax) where they have one VAT rate. An amount is shared over the
 * invoice's sets of taxes in proportion to what is still creditable in each (the invoice less its
 * earlier credit notes), whole lines credit their own sets; each part, with tax, is split into its
 * net (the part over one plus the combined rate, rounded) and its taxes (what is left, shared by
 * rate to the cent), so base + taxes is always the part.
 */

/** What a set of taxes weighs: an invoice's (or credited lines') amount with tax in it. */
export interface TaxSetAmount {
  taxes: TaxRate[];
  withTaxCents: bigint;
}

/** One set of taxes' share of a credit note. */
export interface TaxPart {
  taxes: TaxAmount[];
  withTaxCents: bigint;
  baseCents: bigint;
}

/** A part as credit_notes.tax_parts keeps it (decimal strings). */
export interface StoredTaxPart {
  taxes: (StoredTax & { amount: string })[];
  base: string;
  total: string;
}

function bySet(amounts: readonly TaxSetAmount[]): TaxSetAmount[] {
  const sets = new Map<string, TaxSetAmount>();
  for (const a of amounts) {
    const key = taxSetKey(a.taxes);
    const set = sets.get(key) ?? { taxes: lineTaxes(a.taxes), withTaxCents: 0n };
    set.withTaxCents += a.withTaxCents;
    sets.set(key, set);
  }
  return [...sets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, s]) => s);
}

/** `withTaxCents` of one set of taxes split into its base and each tax. */
export function splitTaxSet(taxes: readonly TaxRate[], withTaxCents: bigint): TaxPart {
  const sign = withTaxCents < 0n ? -1n : 1n;
  const amount = withTaxCents * sign;
  const base = netWithin(amount, combinedRate(taxes));
  const shares = taxesWithin(taxes, amount, base);
  return {
    taxes: taxes.map((t, i) => ({ ...t, amountCents: shares[i] * sign })),
    withTaxCents,
    baseCents: base * sign,
  };
}

/** What is still creditable per set of taxes: the invoice's less its earlier credit notes, only sets with something left. */
export function creditableBySet(
  invoice: readonly TaxSetAmount[],
  earlier: readonly (readonly TaxSetAmount[])[],
): TaxSetAmount[] {
  const taken = earlier.flat().map((p) => ({ taxes: p.taxes, withTaxCents: -p.withTaxCents }));
  return bySet([...invoice, ...taken]).filter((s) => s.withTaxCents > 0n);
}

/**
 * A new credit note's parts: whole lines give each set exactly its lines; an amount is shared over
 * what is still creditable in each set (none left: over the invoice's sets), never a set taking
 * more than is left in it while the amount is within what is creditable.
 */
export function creditNoteTaxes(
  amountCents: bigint,
  lines: readonly TaxSetAmount[],
  invoice: readonly TaxSetAmount[],
  earlier: readonly (readonly TaxSetAmount[])[],
): TaxPart[] {
  const left = creditableBySet(invoice, earlier);
  const weights = lines.length > 0 ? bySet(lines) : left.length > 0 ? left : bySet(invoice);
  const positive = weights.filter((w) => w.withTaxCents > 0n);
  if (positive.length === 0) return amountCents === 0n ? [] : [splitTaxSet([], amountCents)];
  const shares = shareOut(
    amountCents,
    positive.map((w) => w.withTaxCents),
  );
  return positive.flatMap((w, i) => (shares[i] === 0n ? [] : [splitTaxSet(w.taxes, shares[i])]));
}

/** The first set of taxes whose credited lines take more than is left to credit in it; null when none does. */
export function taxSetOverrun(
  parts: readonly TaxSetAmount[],
  invoice: readonly TaxSetAmount[],
  earlier: readonly (readonly TaxSetAmount[])[],
): { taxes: TaxRate[]; creditableCents: bigint } | null {
  const left = new Map(creditableBySet(invoice, earlier).map((s) => [taxSetKey(s.taxes), s.withTaxCents]));
  for (const p of bySet(parts)) {
    const creditable = left.get(taxSetKey(p.taxes)) ?? 0n;
    if (p.withTaxCents > creditable) return { taxes: p.taxes, creditableCents: creditable };
  }
  return null;
}

export const storedTaxParts = (parts: readonly TaxPart[]): StoredTaxPart[] =>
  parts.map((p) => ({
    taxes: p.taxes.map(storedTaxAmountOf),
    base: centsToDecimal(p.baseCents),
    total: centsToDecimal(p.withTaxCents),
  }));

export const taxPartsOf = (stored: readonly StoredTaxPart[]): TaxPart[] =>
  stored.map((p) => ({
    taxes: p.taxes.map((t) => ({ ...taxRateOf(t), amountCents: toHundredths(t.amount) })),
    baseCents: toHundredths(p.base),
    withTaxCents: toHundredths(p.total),
  }));

/**
 * The same parts as credit_notes.vat_parts holds them, so that column still adds up to the credit
 * note's amount (its check): each set at its combined rate rounded to two decimals, its taxes summed.
 */
export const compatibleVatParts = (parts: readonly TaxPart[]): StoredVatPart[] =>
  parts.map((p) => ({
    vat_percentage: storedVatPercentage(p.taxes),
    base: centsToDecimal(p.baseCents),
    vat: centsToDecimal(p.withTaxCents - p.baseCents),
    total: centsToDecimal(p.withTaxCents),
  }));
