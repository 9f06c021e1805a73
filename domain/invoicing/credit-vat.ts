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
 * The VAT breakdown of a credit note (issue 20 §4): `amountCents` (with tax) split over the rates
 * pro rata to their weights, by largest remainder so the parts add up exactly to the amount, each
 * part then split into base and VAT (base rounded, VAT the rest, so base + VAT is the part).
 * Rates weighing nothing (or less, after a discount) take no share; with no positive weight the
 * whole amount is one part at 0 %. Lowest rate first. For a credit of whole lines, the weights are
 * the credited lines themselves and the parts are exactly their sums per rate.
 */
export function splitCreditByVat(amountCents: bigint, weights: readonly CreditVatWeight[]): CreditVatPart[] {
  const byRate = new Map<number, bigint>();
  for (const w of weights) byRate.set(w.vatBasisPoints, (byRate.get(w.vatBasisPoints) ?? 0n) + w.withTaxCents);
  const rates = [...byRate.entries()].filter(([, cents]) => cents > 0n).sort(([a], [b]) => a - b);
  const total = rates.reduce((sum, [, cents]) => sum + cents, 0n);
  const part = (vatBasisPoints: number, withTaxCents: bigint): CreditVatPart => {
    const baseCents = roundDiv(withTaxCents * 10_000n, 10_000n + BigInt(vatBasisPoints));
    return { vatBasisPoints, withTaxCents, baseCents, vatCents: withTaxCents - baseCents };
  };
  if (rates.length === 0) return amountCents === 0n ? [] : [part(0, amountCents)];
  const sign = amountCents < 0n ? -1n : 1n;
  const amount = amountCents * sign;
  const shares = rates.map(([bp, weight], index) => ({ bp, index, floor: (amount * weight) / total, rest: (amount * weight) % total }));
  let left = amount - shares.reduce((sum, s) => sum + s.floor, 0n);
  // The cents the floors left go to the largest remainders (the earlier rate on a tie).
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
    if (left === 0n) break;
    s.floor += 1n;
    left -= 1n;
  }
  return shares.filter((s) => s.floor > 0n).map((s) => part(s.bp, s.floor * sign));
}

/** A credit note as stored: its amount with tax, and the lines it credits (none for an amount). */
export interface CreditNoteAmounts {
  amountCents: bigint;
  /** Credited lines: their VAT rate (basis points) and total with tax; empty for an amount-only credit note. */
  lines: readonly CreditVatWeight[];
}

/**
 * A credit note's VAT breakdown, as its document shows it: whole lines give each rate exactly
 * its lines; an amount is split in proportion to the invoice's rates (`invoiceVat`, each rate's
 * amount with tax).
 */
export function creditNoteVat(note: CreditNoteAmounts, invoiceVat: readonly CreditVatWeight[]): CreditVatPart[] {
  return splitCreditByVat(note.amountCents, note.lines.length > 0 ? note.lines : invoiceVat);
}
