import { DEPOSIT_LINE, type DiscountType } from './item-types';
import { roundDiv, toHundredths } from './money';
import { FULL_RATE, type TaxRate } from './tax-rates';
import { type LineAmounts, type LineInput } from './totals';

/**
 * Totals of a document whose lines carry several taxes each (issue 30 §2): Canada's GST + PST or
 * GST + QST, a US state and city sales tax, or one VAT as today. totals.ts's rules, generalised:
 * a line's taxes are each computed on its net, never on one another (Québec's QST has been charged
 * on the price without GST since 1 January 2013: docs/tax-lines.md), so a line's taxes add up to
 * one combined rate; lines are grouped by their set of taxes where totals.ts groups them by VAT
 * rate, and every rounding, discount and deposit rule is the same. With one tax per line at a rate
 * of two decimals, the result is exactly computeTotals's (a property test holds it to that).
 */

/** A quote or invoice line with its taxes instead of a single `vat_percentage`. */
export interface TaxedLineInput extends Omit<LineInput, 'vat_percentage'> {
  /** The line's taxes; none (or empty) is a line without tax. */
  taxes?: readonly TaxRate[] | null;
  /** DEPOSIT lines: what the deposit declared of each tax (negative, as their net price_without_tax). */
  deposit_taxes?: readonly TaxAmount[] | null;
}

/** One tax of a line or of a deduction, in cents. */
export interface TaxAmount extends TaxRate {
  amountCents: bigint;
}

/** What the rules write back on a line: totals.ts's amounts, and the line's own net and taxes. */
export interface TaxedLineAmounts extends LineAmounts {
  /** The line's net after its discount (0 for text, blank and discount lines). */
  netCents: bigint;
  /** Each of the line's taxes on its own net (for a per-line display); the document's come from the totals. */
  taxes: TaxAmount[];
}

/** One tax at one rate over the document: what it was computed on and how much it comes to. */
export interface TaxSummary extends TaxRate {
  baseCents: bigint;
  amountCents: bigint;
}

/** The lines of one set of taxes (both pricings together), after document discounts, before deposits. */
export interface TaxGroup {
  /** In one order: by name, then rate. */
  taxes: TaxRate[];
  netCents: bigint;
  /** Each of `taxes`' amount on the group. */
  taxCents: bigint[];
}

export interface TaxTotals {
  lines: TaxedLineAmounts[];
  /** Per set of taxes, what the lines come to once discounted (what a credit note of an amount is shared over). */
  groups: TaxGroup[];
  /** Per tax name and rate, lowest rate first then by name, after document discounts and deposits. */
  taxes: TaxSummary[];
  totalWithoutTaxCents: bigint;
  /** The sum of every tax: total with tax = total without tax + this, exactly. */
  totalTaxCents: bigint;
  totalWithTaxCents: bigint;
}

const SCALE = BigInt(FULL_RATE);
/** Discount percentages stay decimal(5,2), in basis points, as in totals.ts. */
const BP = 10_000n;
const atLeastZero = (v: bigint) => (v < 0n ? 0n : v);
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const percentOff = (bp: bigint) => (bp < 0n ? 0n : bp > BP ? BP : bp);

/** A line's taxes, each rate held within 0..100 %, in one order (by name, then rate), so equal sets group together. */
export function lineTaxes(taxes: readonly TaxRate[] | null | undefined): TaxRate[] {
  return (taxes ?? [])
    .map((t) => ({ name: t.name, milliPercent: Math.min(Math.max(Math.trunc(t.milliPercent), 0), FULL_RATE) }))
    .sort((a, b) => (a.name === b.name ? a.milliPercent - b.milliPercent : a.name < b.name ? -1 : 1));
}
/** A set of taxes as one text (its taxes in lineTaxes' order): equal sets, equal keys. */
export const taxSetKey = (taxes: readonly TaxRate[]): string =>
  lineTaxes(taxes)
    .map((t) => `${t.name}@${t.milliPercent}`)
    .join('|');
export const combinedRate = (taxes: readonly TaxRate[]) => BigInt(taxes.reduce((s, t) => s + t.milliPercent, 0));

/**
 * `amount` shared out in proportion to `weights` so that the parts add up to it exactly: each part
 * rounded down, the cents left over going to the largest remainders (ties: the earlier weight).
 */
export function shareOut(amount: bigint, weights: readonly bigint[]): bigint[] {
  const whole = sum(weights);
  if (whole === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (amount * w) / whole);
  const remainders = weights.map((w, i) => ({ i, rest: (amount * w) % whole }));
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  let left = amount - sum(parts);
  for (let k = 0; left > 0n && k < remainders.length; k++, left--) parts[remainders[k].i] += 1n;
  return parts;
}

/** The taxes within an amount with tax whose net is `net`: what is left over, shared by rate. */
export const taxesWithin = (taxes: readonly TaxRate[], gross: bigint, net: bigint) =>
  shareOut(
    gross - net,
    taxes.map((t) => BigInt(t.milliPercent)),
  );
/** The taxes on a net, each rounded on its own (never on another tax). */
const taxesOn = (taxes: readonly TaxRate[], net: bigint) =>
  taxes.map((t) => roundDiv(net * BigInt(t.milliPercent), SCALE));
export const netWithin = (gross: bigint, rate: bigint) => roundDiv(gross * SCALE, SCALE + rate);

/** Priced lines with one set of taxes and one pricing: nets added up (priced without tax) or totals with tax. */
interface Group {
  taxes: TaxRate[];
  rate: bigint;
  withTax: boolean;
  value: bigint;
}
const groupNet = (g: Group) => (g.withTax ? netWithin(g.value, g.rate) : g.value);
const groupTaxes = (g: Group) =>
  g.withTax ? taxesWithin(g.taxes, g.value, groupNet(g)) : taxesOn(g.taxes, groupNet(g));
const groupTotal = (g: Group) => groupNet(g) + sum(groupTaxes(g));

/** Whether a line is priced with tax: its flag, else when it only has a price with tax (as totals.ts). */
function pricedWithTax(line: TaxedLineInput): boolean {
  if (line.price_includes_tax != null) return line.price_includes_tax;
  return (
    atLeastZero(toHundredths(line.price_without_tax)) === 0n && atLeastZero(toHundredths(line.price_with_tax)) > 0n
  );
}

const blankLine = (): TaxedLineAmounts => ({
  priceWithTaxCents: 0n,
  priceWithoutTaxCents: 0n,
  totalCents: 0n,
  priceIncludesTax: false,
  netCents: 0n,
  taxes: [],
});
const withAmounts = (taxes: readonly TaxRate[], amounts: readonly bigint[]): TaxAmount[] =>
  taxes.map((t, i) => ({ ...t, amountCents: amounts[i] }));

/** A priced line's amounts, and what it adds to its group. */
function pricedLine(line: TaxedLineInput, add: (taxes: TaxRate[], withTax: boolean, cents: bigint) => void) {
  const taxes = lineTaxes(line.taxes);
  const rate = combinedRate(taxes);
  const quantity = atLeastZero(toHundredths(line.quantity ?? 1));
  const keep = BP - percentOff(toHundredths(line.discount_percentage));
  if (pricedWithTax(line)) {
    const unitWithTax = atLeastZero(toHundredths(line.price_with_tax));
    const total = roundDiv(quantity * unitWithTax * keep, 100n * BP);
    add(taxes, true, total);
    const net = netWithin(total, rate);
    return {
      priceWithTaxCents: unitWithTax,
      priceWithoutTaxCents: netWithin(unitWithTax, rate),
      totalCents: total,
      priceIncludesTax: true,
      netCents: net,
      taxes: withAmounts(taxes, taxesWithin(taxes, total, net)),
    };
  }
  const unit = atLeastZero(toHundredths(line.price_without_tax));
  const net = roundDiv(roundDiv(quantity * unit, 100n) * keep, BP);
  add(taxes, false, net);
  const amounts = taxesOn(taxes, net);
  return {
    priceWithTaxCents: unit + sum(taxesOn(taxes, unit)),
    priceWithoutTaxCents: unit,
    totalCents: net + sum(amounts),
    priceIncludesTax: false,
    netCents: net,
    taxes: withAmounts(taxes, amounts),
  };
}

/** Document discounts on the groups, in totals.ts's order: every percentage at once, then fixed amounts. */
function applyDiscounts(groups: Group[], discounts: readonly TaxedLineInput[]): void {
  const percents = discounts
    .filter((d) => (d.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL')
    .map((d) => percentOff(toHundredths(d.discount_percentage) || toHundredths(d.discount_amount)));
  if (percents.length) {
    const keep = percents.reduce((acc, bp) => acc * (BP - bp), 1n);
    const of = BP ** BigInt(percents.length);
    for (const g of groups) g.value = roundDiv(g.value * keep, of);
  }
  const fixed = (type: DiscountType) =>
    sum(discounts.filter((d) => d.discount_type === type).map((d) => atLeastZero(toHundredths(d.discount_amount))));
  const spread = (off: bigint, basis: (g: Group) => bigint, take: (g: Group, part: bigint) => bigint) => {
    if (off <= 0n) return;
    const weights = groups.map(basis);
    const available = sum(weights);
    const parts = shareOut(off < available ? off : available, weights);
    groups.forEach((g, i) => (g.value = atLeastZero(g.value - take(g, parts[i]))));
  };
  // Off the nets: a group priced with tax loses the share times (1 + its rate).
  spread(fixed('FIXED_WITHOUT_TAX'), groupNet, (g, part) =>
    g.withTax ? roundDiv(part * (SCALE + g.rate), SCALE) : part,
  );
  // Off the totals with tax: a group priced without tax loses the share divided by (1 + its rate).
  spread(fixed('FIXED_WITH_TAX'), groupTotal, (g, part) => (g.withTax ? part : netWithin(part, g.rate)));
}

/** Adds a tax's base and amount to a summary kept per rate and name. */
export function addToSummary(summary: Map<string, TaxSummary>, tax: TaxRate, base: bigint, amount: bigint): void {
  const key = `${tax.milliPercent}|${tax.name}`;
  const entry = summary.get(key) ?? { name: tax.name, milliPercent: tax.milliPercent, baseCents: 0n, amountCents: 0n };
  entry.baseCents += base;
  entry.amountCents += amount;
  summary.set(key, entry);
}

/** A summary's taxes, lowest rate first, then by name. */
export const summaryOf = (summary: Map<string, TaxSummary>): TaxSummary[] =>
  [...summary.values()].sort((a, b) =>
    a.milliPercent !== b.milliPercent
      ? a.milliPercent - b.milliPercent
      : a.name < b.name
        ? -1
        : a.name > b.name
          ? 1
          : 0,
  );

/** A deducted deposit's line: its declared net and taxes, taken off exactly. */
function depositAmounts(line: TaxedLineInput): TaxedLineAmounts {
  const total = toHundredths(line.price_with_tax);
  const net = toHundredths(line.price_without_tax);
  const taxes = (line.deposit_taxes ?? []).map((t) => ({ ...t }));
  return {
    priceWithTaxCents: total,
    priceWithoutTaxCents: net,
    totalCents: total,
    priceIncludesTax: true,
    netCents: net,
    taxes,
  };
}

/** Lowest combined rate first, priced without tax first, then by taxes (the groups' keys): totals.ts's order for ties. */
function byGroupOrder([ka, a]: [string, Group], [kb, b]: [string, Group]): number {
  return a.rate !== b.rate
    ? a.rate < b.rate
      ? -1
      : 1
    : a.withTax !== b.withTax
      ? Number(a.withTax) - Number(b.withTax)
      : ka < kb
        ? -1
        : 1;
}

/** What the discount lines took off together (`off`), shown on each in proportion to its own size. */
function showDiscountShares(
  lines: TaxedLineAmounts[],
  discountLines: { line: TaxedLineInput; index: number }[],
  off: bigint,
): void {
  if (!discountLines.length) return;
  const weights = discountLines.map(
    ({ line }) =>
      atLeastZero(
        (line.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL'
          ? toHundredths(line.discount_percentage) || toHundredths(line.discount_amount)
          : toHundredths(line.discount_amount),
      ) || 1n,
  );
  const shares = shareOut(off, weights);
  discountLines.forEach(({ index }, i) => (lines[index] = { ...blankLine(), totalCents: -shares[i] }));
}

/**
 * The totals of a quote or invoice whose lines carry zero or more taxes (integer cents, rounding
 * half away from zero), by totals.ts's rules (computeTotals), each tax on the net:
 * - a line priced without tax: its net as today, each tax on it rounded; its total, the net plus them;
 * - a line priced with tax: its total as today (quantity × price with tax, less its discount,
 *   rounded once); the net derived with the combined rate, the taxes what is left, shared by rate;
 * - per group of lines with the same taxes and pricing, each tax is computed once on the sum, so
 *   no line's rounding adds up; document discounts spread over the groups; DEPOSIT lines take their
 *   declared net and taxes off exactly.
 */
export function computeTaxTotals(items: readonly TaxedLineInput[]): TaxTotals {
  const groups = new Map<string, Group>();
  const add = (taxes: TaxRate[], withTax: boolean, cents: bigint) => {
    const key = `${withTax}|${taxSetKey(taxes)}`;
    const group = groups.get(key) ?? { taxes, rate: combinedRate(taxes), withTax, value: 0n };
    group.value += cents;
    groups.set(key, group);
  };
  const deposits: { net: bigint; taxes: TaxAmount[] }[] = [];
  const lines = items.map((line): TaxedLineAmounts => {
    if (line.item_type === DEPOSIT_LINE) {
      const deposit = depositAmounts(line);
      deposits.push({ net: deposit.netCents, taxes: deposit.taxes });
      return deposit;
    }
    return line.item_type === 'SESSION_TYPE' ? pricedLine(line, add) : blankLine();
  });

  const keyed = [...groups.entries()].sort(byGroupOrder);
  const ordered = keyed.map(([, g]) => g);
  const before = sum(ordered.map(groupTotal));
  const discountLines = items.flatMap((line, index) => (line.item_type === 'DISCOUNT' ? [{ line, index }] : []));
  applyDiscounts(
    ordered,
    discountLines.map((d) => d.line),
  );

  const summary = new Map<string, TaxSummary>();
  const addTax = (tax: TaxRate, base: bigint, amount: bigint) => addToSummary(summary, tax, base, amount);
  let totalWithoutTaxCents = 0n;
  const taxGroups = new Map<string, TaxGroup>();
  for (const g of ordered) {
    const net = groupNet(g);
    const amounts = groupTaxes(g);
    totalWithoutTaxCents += net;
    amounts.forEach((amount, i) => addTax(g.taxes[i], net, amount));
    const key = taxSetKey(g.taxes);
    const group = taxGroups.get(key) ?? { taxes: g.taxes, netCents: 0n, taxCents: g.taxes.map(() => 0n) };
    group.netCents += net;
    amounts.forEach((amount, i) => (group.taxCents[i] += amount));
    taxGroups.set(key, group);
  }
  const discounted = totalWithoutTaxCents + sum([...summary.values()].map((s) => s.amountCents));
  for (const d of deposits) {
    totalWithoutTaxCents += d.net;
    for (const t of d.taxes) addTax(t, d.net, t.amountCents);
  }
  const taxes = summaryOf(summary);
  const totalTaxCents = sum(taxes.map((t) => t.amountCents));

  showDiscountShares(lines, discountLines, before - discounted);
  return {
    lines,
    groups: [...taxGroups.values()],
    taxes,
    totalWithoutTaxCents,
    totalTaxCents,
    totalWithTaxCents: totalWithoutTaxCents + totalTaxCents,
  };
}
