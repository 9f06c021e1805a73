import { roundDiv } from './money';

/** One VAT rate's share of a credit note, with tax, and its split into base and VAT (cents). */
export interface CreditVatPart {
  /** Basis points: 2000 is 20 %. */
  vatBasisPoints: number;
  withTaxCents: bigint;
  baseCents: bigint;
  vatCents: bigint;
}

/** What a rate weighs in the split: the invoice's (or the credited lines') amount with tax at that rate. */
export interface CreditVatWeight {
  vatBasisPoints: number;
  withTaxCents: bigint;
}

/**
 * `withTaxCents` at one rate split into base and VAT. The base is the one for which VAT =
 * round(base × rate) and base + VAT = the part (what EN 16931's BR-CO-17 checks), the nearest to
 * part / (1 + rate) when two fit; when no base fits (some amounts with tax cannot be reached:
 * base + round(base × rate) jumps by 2 cents past them), the base is part / (1 + rate) rounded
 * and the VAT the rest, a cent off round(base × rate). Base + VAT is always the part.
 */
export function splitWithTax(vatBasisPoints: number, withTaxCents: bigint): CreditVatPart {
  const sign = withTaxCents < 0n ? -1n : 1n;
  const amount = withTaxCents * sign;
  const rate = BigInt(vatBasisPoints);
  const rounded = roundDiv(amount * 10_000n, 10_000n + rate);
  // A fitting base is within half a cent of amount / (1 + rate), so one of these three.
  const fits = (base: bigint) => base >= 0n && base + roundDiv(base * rate, 10_000n) === amount;
  const base = [rounded, rounded - 1n, rounded + 1n].find(fits) ?? rounded;
  return { vatBasisPoints, withTaxCents, baseCents: base * sign, vatCents: (amount - base) * sign };
}

/** Each rate's amount with tax, summed per rate, lowest rate first. */
function sumByRate(weights: readonly CreditVatWeight[]): [number, bigint][] {
  const byRate = new Map<number, bigint>();
  for (const w of weights) byRate.set(w.vatBasisPoints, (byRate.get(w.vatBasisPoints) ?? 0n) + w.withTaxCents);
  return [...byRate.entries()].sort(([a], [b]) => a - b);
}

/**
 * `amountCents` (with tax) split over the rates pro rata to their weights, by largest remainder
 * so the parts add up exactly to the amount, each part then split into base and VAT
 * (splitWithTax). Rates weighing nothing (or less, after a discount) take no share; with no
 * positive weight the whole amount is one part at 0 %. Lowest rate first. When the amount is at
 * most the weights' total, no part exceeds its rate's weight. For whole lines, the weights are
 * the credited lines themselves and the parts are exactly their sums per rate.
 */
export function splitCreditByVat(amountCents: bigint, weights: readonly CreditVatWeight[]): CreditVatPart[] {
  const rates = sumByRate(weights).filter(([, cents]) => cents > 0n);
  const total = rates.reduce((sum, [, cents]) => sum + cents, 0n);
  if (rates.length === 0) return amountCents === 0n ? [] : [splitWithTax(0, amountCents)];
  const sign = amountCents < 0n ? -1n : 1n;
  const amount = amountCents * sign;
  const shares = rates.map(([bp, weight], index) => ({
    bp,
    index,
    floor: (amount * weight) / total,
    rest: (amount * weight) % total,
  }));
  let left = amount - shares.reduce((sum, s) => sum + s.floor, 0n);
  // The cents the floors left go to the largest remainders (the earlier rate on a tie).
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
    if (left === 0n) break;
    s.floor += 1n;
    left -= 1n;
  }
  return shares.filter((s) => s.floor > 0n).map((s) => splitWithTax(s.bp, s.floor * sign));
}

/**
 * What is still creditable at each rate of an invoice: its amount with tax at the rate
 * (`invoiceVat`) less what its earlier credit notes took there (`earlier`, each note's parts).
 * Only rates with something left, lowest first.
 */
export function creditableByRate(
  invoiceVat: readonly CreditVatWeight[],
  earlier: readonly (readonly CreditVatWeight[])[],
): CreditVatWeight[] {
  const taken = earlier.flat().map((p) => ({ vatBasisPoints: p.vatBasisPoints, withTaxCents: -p.withTaxCents }));
  return sumByRate([...invoiceVat, ...taken])
    .filter(([, cents]) => cents > 0n)
    .map(([vatBasisPoints, withTaxCents]) => ({ vatBasisPoints, withTaxCents }));
}

/** A new credit note: its amount with tax, and the lines it credits (none for an amount). */
export interface CreditNoteAmounts {
  amountCents: bigint;
  /** Credited lines: their VAT rate (basis points) and total with tax; empty for an amount-only credit note. */
  lines: readonly CreditVatWeight[];
}

/**
 * A new credit note's VAT breakdown (issue 20 §4), fixed when it is issued and stored with it:
 * whole lines give each rate exactly its lines; an amount is split pro rata over what is still
 * creditable at each rate (creditableByRate: the invoice less its earlier credit notes), so no
 * rate is ever credited more than it was invoiced and the last credit note takes exactly what is
 * left. An amount beyond what the rates still hold (only with inconsistent data: the ledger caps a
 * credit note at the invoice's total less its credit notes) takes each rate's rest whole and
 * splits the excess over the invoice's rates.
 */
export function creditNoteVat(
  note: CreditNoteAmounts,
  invoiceVat: readonly CreditVatWeight[],
  earlier: readonly (readonly CreditVatWeight[])[],
): CreditVatPart[] {
  if (note.lines.length > 0) return splitCreditByVat(note.amountCents, note.lines);
  const left = creditableByRate(invoiceVat, earlier);
  const leftTotal = left.reduce((sum, w) => sum + w.withTaxCents, 0n);
  if (note.amountCents <= leftTotal || leftTotal === 0n)
    return splitCreditByVat(note.amountCents, leftTotal === 0n ? invoiceVat : left);
  const excess = splitCreditByVat(note.amountCents - leftTotal, invoiceVat);
  return sumByRate([...left, ...excess])
    .filter(([, cents]) => cents !== 0n)
    .map(([bp, cents]) => splitWithTax(bp, cents));
}

/**
 * The first rate at which a credit note's parts take more than is still creditable there (the
 * invoice less its earlier credit notes), with what is left at it; null when none does. A credit
 * of whole lines keeps its lines' rates, so it is refused instead when it would go past a rate.
 */
export function creditOverrun(
  parts: readonly CreditVatWeight[],
  invoiceVat: readonly CreditVatWeight[],
  earlier: readonly (readonly CreditVatWeight[])[],
): { vatBasisPoints: number; creditableCents: bigint } | null {
  const left = new Map(creditableByRate(invoiceVat, earlier).map((w) => [w.vatBasisPoints, w.withTaxCents]));
  for (const p of parts) {
    const creditable = left.get(p.vatBasisPoints) ?? 0n;
    if (p.withTaxCents > creditable) return { vatBasisPoints: p.vatBasisPoints, creditableCents: creditable };
  }
  return null;
}
