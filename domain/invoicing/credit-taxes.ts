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
  // A part that takes all that is left of its set takes exactly what is left of its net and of
  // each tax (issue 40 §2): the notes of an invoice then add up to it, tax by tax, to the cent.
  const rest = remainingParts(invoice, earlier);
  const restOf = new Map((rest ?? []).map((p) => [taxSetKey(p.taxes), p]));
  return positive.flatMap((w, i) => {
    if (shares[i] === 0n) return [];
    const whole = restOf.get(taxSetKey(w.taxes));
    if (!whole) return [splitTaxSet(w.taxes, shares[i])];
    return [whole.withTaxCents === shares[i] ? whole : withinRest(splitTaxSet(w.taxes, shares[i]), whole)];
  });
}

/**
 * A part split by rate, moved by the odd cent so that neither its net nor any of its taxes takes
 * more than is left of it in the set (what a rounding would otherwise take twice): the cents over
 * go where there is room, so the part's total stays and later notes never have a tax below zero.
 */
function withinRest(part: TaxPart, rest: TaxPart): TaxPart {
  if (part.withTaxCents > rest.withTaxCents) return part;
  const taxes = part.taxes.map((t) => ({ ...t }));
  const restOf = (t: TaxAmount) =>
    rest.taxes.find((x) => x.name === t.name && x.milliPercent === t.milliPercent)?.amountCents ?? 0n;
  let base = part.baseCents;
  let over = 0n;
  for (const t of taxes)
    if (t.amountCents > restOf(t)) {
      over += t.amountCents - restOf(t);
      t.amountCents = restOf(t);
    }
  if (base > rest.baseCents) {
    over += base - rest.baseCents;
    base = rest.baseCents;
  }
  const roomInBase = rest.baseCents - base;
  const toBase = over < roomInBase ? over : roomInBase;
  base += toBase;
  over -= toBase;
  for (const t of taxes) {
    if (over === 0n) break;
    const room = restOf(t) - t.amountCents;
    const moved = over < room ? over : room;
    t.amountCents += moved;
    over -= moved;
  }
  return { taxes, withTaxCents: part.withTaxCents, baseCents: base };
}

const hasAmounts = (p: TaxSetAmount): p is TaxPart =>
  'baseCents' in p && p.taxes.every((t) => 'amountCents' in t && typeof t.amountCents === 'bigint');

/**
 * What is left of a document's parts (an invoice's or a deposit's, per set of taxes: net, each tax,
 * with tax) once the parts of its credit notes (or earlier deposits) are taken off. Null when that
 * cannot be told: a part without its amounts, a set or tax the document does not have, or anything
 * coming out below zero (notes from before the parts were stored).
 */
export function remainingParts(
  whole: readonly TaxSetAmount[],
  taken: readonly (readonly TaxSetAmount[])[],
): TaxPart[] | null {
  if (!whole.every(hasAmounts) || !taken.every((parts) => parts.every(hasAmounts))) return null;
  const left = new Map<string, TaxPart>();
  for (const p of whole) {
    const key = taxSetKey(p.taxes);
    const mine = left.get(key) ?? {
      taxes: lineTaxes(p.taxes).map((t) => ({ ...t, amountCents: 0n })),
      withTaxCents: 0n,
      baseCents: 0n,
    };
    mine.withTaxCents += p.withTaxCents;
    mine.baseCents += p.baseCents;
    for (const t of p.taxes) {
      const tax = mine.taxes.find((x) => x.name === t.name && x.milliPercent === t.milliPercent);
      if (!tax) return null;
      tax.amountCents += t.amountCents;
    }
    left.set(key, mine);
  }
  for (const part of taken.flat() as TaxPart[]) {
    const mine = left.get(taxSetKey(part.taxes));
    if (!mine) return null;
    mine.withTaxCents -= part.withTaxCents;
    mine.baseCents -= part.baseCents;
    for (const t of part.taxes) {
      const tax = mine.taxes.find((x) => x.name === t.name && x.milliPercent === t.milliPercent);
      if (!tax) return null;
      tax.amountCents -= t.amountCents;
    }
  }
  const parts = [...left.values()];
  const consistent = parts.every(
    (p) => p.withTaxCents >= 0n && p.baseCents >= 0n && p.taxes.every((t) => t.amountCents >= 0n),
  );
  return consistent ? parts.filter((p) => p.withTaxCents > 0n) : null;
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
