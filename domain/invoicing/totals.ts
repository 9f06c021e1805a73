import { type DiscountType, type ItemType } from './item-types';
import { roundDiv, toHundredths } from './money';

/** A quote or invoice line as stored or sent (decimals as numbers or strings). */
export interface LineInput {
  item_type: ItemType;
  quantity?: number | string | null;
  price_with_tax?: number | string | null;
  price_without_tax?: number | string | null;
  vat_percentage?: number | string | null;
  discount_percentage?: number | string | null;
  /** DISCOUNT lines: the amount off (fixed types) or the percentage off (PERCENTAGE_OF_TOTAL). */
  discount_amount?: number | string | null;
  discount_type?: DiscountType | null;
}

/** What the rules write back on a line, in cents. */
export interface LineAmounts {
  priceWithTaxCents: bigint;
  priceWithoutTaxCents: bigint;
  /** The line's total with tax; negative for a discount line (what it took off). */
  totalCents: bigint;
}

export interface VatLine {
  /** Basis points: 2000 is 20 %, 550 is 5.5 %. */
  vatBasisPoints: number;
  baseCents: bigint;
  vatCents: bigint;
}

export interface DocumentTotals {
  lines: LineAmounts[];
  /** Per VAT rate, lowest rate first, after document discounts. */
  vat: VatLine[];
  totalWithoutTaxCents: bigint;
  totalVatCents: bigint;
  /** The document's `amount`. */
  totalWithTaxCents: bigint;
}

const BP = 10_000n;

/** The largest amount a decimal(10,2) column holds, in cents (99 999 999.99). */
export const MAX_STORED_CENTS = 9_999_999_999n;

/**
 * The first amount of `totals` too large to be stored (a unit price with tax, a line total, the
 * document's total), as a message for the user; null when all fit. Prices that fit one by one
 * can still overflow once multiplied by a quantity or summed.
 */
export function storageOverflow(totals: DocumentTotals): string | null {
  const index = totals.lines.findIndex((l) => [l.priceWithTaxCents, l.priceWithoutTaxCents, l.totalCents].some((c) => c > MAX_STORED_CENTS || c < -MAX_STORED_CENTS));
  if (index >= 0) return `Line ${index + 1} comes to more than 99999999.99, the largest amount a document can hold`;
  const document = [totals.totalWithTaxCents, totals.totalWithoutTaxCents, totals.totalVatCents];
  if (document.some((c) => c > MAX_STORED_CENTS)) return 'The document comes to more than 99999999.99, the largest amount it can hold';
  return null;
}
const clampRate = (bp: bigint) => (bp < 0n ? 0n : bp > BP ? BP : bp);
const nonNegative = (v: bigint) => (v < 0n ? 0n : v);

/**
 * Unit prices of a priced line: the price without tax is the source when it is set, else it is
 * derived from the price with tax (what the studio typed); the other is derived from it.
 */
function unitPrices(line: LineInput, vatBp: bigint): { withTax: bigint; withoutTax: bigint } {
  const withoutTax = nonNegative(toHundredths(line.price_without_tax));
  const withTax = nonNegative(toHundredths(line.price_with_tax));
  if (withoutTax > 0n || withTax === 0n) return { withoutTax, withTax: withoutTax + roundDiv(withoutTax * vatBp, BP) };
  return { withTax, withoutTax: roundDiv(withTax * BP, BP + vatBp) };
}

/** A PERCENTAGE_OF_TOTAL line's rate in basis points: discount_percentage, or discount_amount when only that is set. */
function discountPercent(line: LineInput): bigint {
  return toHundredths(line.discount_percentage) || toHundredths(line.discount_amount);
}

/**
 * Splits `amount` over `weights` in proportion, exactly (largest remainder, ties to the lower
 * rate): the parts always add up to `amount`, whatever the order the lines came in.
 */
function allocate(amount: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const floors = weights.map((w) => (amount * w) / sum);
  let rest = amount - floors.reduce((a, b) => a + b, 0n);
  const byRemainder = weights.map((w, i) => ({ i, r: (amount * w) % sum })).sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (rest <= 0n) break;
    floors[i] += 1n;
    rest -= 1n;
  }
  return floors;
}

/**
 * The totals of a quote or invoice (integer cents, rounding half away from zero per line).
 * - BLANK and TEXT lines carry no amount.
 * - SESSION_TYPE lines: quantity × unit price without tax, less the line's discount_percentage,
 *   rounded to the cent; VAT at the line's rate, rounded to the cent; total = net + VAT.
 * - DISCOUNT lines apply to the document after every priced line, whatever their position:
 *   all PERCENTAGE_OF_TOTAL first (their factors multiplied, so their order does not matter),
 *   then the fixed ones, summed: FIXED_WITHOUT_TAX off the nets, FIXED_WITH_TAX off the totals
 *   with tax, each spread over the VAT rates in proportion. A discount never takes a total below 0.
 */
export function computeTotals(items: readonly LineInput[]): DocumentTotals {
  const rates = new Map<bigint, bigint>(); // VAT basis points → net cents before document discounts
  const lines: LineAmounts[] = items.map((line) => {
    if (line.item_type !== 'SESSION_TYPE') return { priceWithTaxCents: 0n, priceWithoutTaxCents: 0n, totalCents: 0n };
    const vatBp = clampRate(toHundredths(line.vat_percentage));
    const unit = unitPrices(line, vatBp);
    const quantity = nonNegative(toHundredths(line.quantity ?? 1));
    const gross = roundDiv(quantity * unit.withoutTax, 100n);
    const net = roundDiv(gross * (BP - clampRate(toHundredths(line.discount_percentage))), BP);
    rates.set(vatBp, (rates.get(vatBp) ?? 0n) + net);
    return { priceWithTaxCents: unit.withTax, priceWithoutTaxCents: unit.withoutTax, totalCents: net + roundDiv(net * vatBp, BP) };
  });

  const order = [...rates.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let nets = order.map((bp) => rates.get(bp)!);
  const vatOf = (values: bigint[]) => values.map((net, i) => roundDiv(net * order[i], BP));
  const withTax = () => nets.map((net, i) => net + vatOf(nets)[i]);
  const before = withTax().reduce((a, b) => a + b, 0n);

  const discounts = items.map((line, index) => ({ line, index })).filter(({ line }) => line.item_type === 'DISCOUNT');
  // Percentages: one combined factor, exact (basis points multiplied as integers).
  const percents = discounts.filter(({ line }) => (line.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL').map(({ line }) => clampRate(discountPercent(line)));
  if (percents.length) {
    const numerator = percents.reduce((acc, bp) => acc * (BP - bp), 1n);
    const denominator = BP ** BigInt(percents.length);
    nets = nets.map((net) => roundDiv(net * numerator, denominator));
  }
  // Fixed amounts: summed per kind, then spread over the rates, never below zero.
  const fixed = (type: DiscountType) =>
    discounts.filter(({ line }) => line.discount_type === type).reduce((sum, { line }) => sum + nonNegative(toHundredths(line.discount_amount)), 0n);
  const offWithoutTax = fixed('FIXED_WITHOUT_TAX');
  if (offWithoutTax > 0n) {
    const total = nets.reduce((a, b) => a + b, 0n);
    const parts = allocate(offWithoutTax < total ? offWithoutTax : total, nets);
    nets = nets.map((net, i) => net - parts[i]);
  }
  const offWithTax = fixed('FIXED_WITH_TAX');
  if (offWithTax > 0n) {
    const totals = withTax();
    const total = totals.reduce((a, b) => a + b, 0n);
    const parts = allocate(offWithTax < total ? offWithTax : total, totals);
    // Each rate's share with tax comes off its net, divided back by (1 + rate).
    nets = nets.map((net, i) => nonNegative(net - roundDiv(parts[i] * BP, BP + order[i])));
  }

  const vats = vatOf(nets);
  const vat = order.map((bp, i) => ({ vatBasisPoints: Number(bp), baseCents: nets[i], vatCents: vats[i] }));
  const totalWithoutTaxCents = nets.reduce((a, b) => a + b, 0n);
  const totalVatCents = vats.reduce((a, b) => a + b, 0n);
  const totalWithTaxCents = totalWithoutTaxCents + totalVatCents;

  // What the discount lines took off together, shown on each in proportion to its own size.
  const taken = before - totalWithTaxCents;
  if (discounts.length) {
    const weights = discounts.map(({ line }) => nonNegative((line.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL' ? discountPercent(line) : toHundredths(line.discount_amount)) || 1n);
    const shares = allocate(taken, weights);
    discounts.forEach(({ index }, i) => (lines[index] = { priceWithTaxCents: 0n, priceWithoutTaxCents: 0n, totalCents: -shares[i] }));
  }
  return { lines, vat, totalWithoutTaxCents, totalVatCents, totalWithTaxCents };
}
