import { DEPOSIT_LINE, type DiscountType, type ItemType } from './item-types';
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
  /**
   * Whether the line is priced with tax (price_with_tax is what the studio typed and the client
   * pays). Unset: priced with tax when only price_with_tax is given, as before the flag existed.
   */
  price_includes_tax?: boolean | null;
}

/** What the rules write back on a line, in cents. */
export interface LineAmounts {
  priceWithTaxCents: bigint;
  priceWithoutTaxCents: bigint;
  /** The line's total with tax; negative for a discount line (what it took off). */
  totalCents: bigint;
  /** The line is priced with tax: its total is quantity × price with tax, exactly. */
  priceIncludesTax: boolean;
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
  const index = totals.lines.findIndex((l) =>
    [l.priceWithTaxCents, l.priceWithoutTaxCents, l.totalCents].some(
      (c) => c > MAX_STORED_CENTS || c < -MAX_STORED_CENTS,
    ),
  );
  if (index >= 0) return `Line ${index + 1} comes to more than 99999999.99, the largest amount a document can hold`;
  const document = [totals.totalWithTaxCents, totals.totalWithoutTaxCents, totals.totalVatCents];
  if (document.some((c) => c > MAX_STORED_CENTS))
    return 'The document comes to more than 99999999.99, the largest amount it can hold';
  return null;
}
const clampRate = (bp: bigint) => (bp < 0n ? 0n : bp > BP ? BP : bp);
const nonNegative = (v: bigint) => (v < 0n ? 0n : v);

/** Whether a priced line's source is its price with tax (see LineInput.price_includes_tax). */
function pricedWithTax(line: LineInput): boolean {
  if (line.price_includes_tax !== undefined && line.price_includes_tax !== null) return line.price_includes_tax;
  return (
    nonNegative(toHundredths(line.price_without_tax)) === 0n && nonNegative(toHundredths(line.price_with_tax)) > 0n
  );
}

/**
 * Unit prices of a priced line: the one the line is priced with is the source (price without
 * tax unless the line is priced with tax); the other is derived from it.
 */
function unitPrices(line: LineInput, vatBp: bigint): { withTax: bigint; withoutTax: bigint } {
  if (pricedWithTax(line)) {
    const withTax = nonNegative(toHundredths(line.price_with_tax));
    return { withTax, withoutTax: roundDiv(withTax * BP, BP + vatBp) };
  }
  const withoutTax = nonNegative(toHundredths(line.price_without_tax));
  return { withoutTax, withTax: withoutTax + roundDiv(withoutTax * vatBp, BP) };
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
  const byRemainder = weights
    .map((w, i) => ({ i, r: (amount * w) % sum }))
    .sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (rest <= 0n) break;
    floors[i] += 1n;
    rest -= 1n;
  }
  return floors;
}

/**
 * The priced lines of one VAT rate and one pricing: lines priced without tax add up their nets
 * (the VAT is computed once on the sum), lines priced with tax add up their totals with tax (the
 * net is derived once from the sum, the VAT is the rest), so neither pricing loses a cent.
 */
interface Bucket {
  bp: bigint;
  withTax: boolean;
  /** Nets (priced without tax) or totals with tax (priced with tax), in cents. */
  value: bigint;
}
const bucketNet = (b: Bucket) => (b.withTax ? roundDiv(b.value * BP, BP + b.bp) : b.value);
const bucketVat = (b: Bucket) => (b.withTax ? b.value - bucketNet(b) : roundDiv(b.value * b.bp, BP));
const bucketTotal = (b: Bucket) => bucketNet(b) + bucketVat(b);

/** Adds a line's cents to its rate's and pricing's bucket. */
type AddToBucket = (bp: bigint, withTax: boolean, cents: bigint) => void;
/** A DISCOUNT line and where it stands among the document's lines. */
type DiscountAt = { line: LineInput; index: number };

/** A session line's amounts: its total (priced with tax) or its net (priced without), added to its bucket. */
function sessionLineAmounts(line: LineInput, addTo: AddToBucket): LineAmounts {
  const vatBp = clampRate(toHundredths(line.vat_percentage));
  const unit = unitPrices(line, vatBp);
  const quantity = nonNegative(toHundredths(line.quantity ?? 1));
  const keep = BP - clampRate(toHundredths(line.discount_percentage));
  if (pricedWithTax(line)) {
    const total = roundDiv(quantity * unit.withTax * keep, 100n * BP);
    addTo(vatBp, true, total);
    return {
      priceWithTaxCents: unit.withTax,
      priceWithoutTaxCents: unit.withoutTax,
      totalCents: total,
      priceIncludesTax: true,
    };
  }
  const net = roundDiv(roundDiv(quantity * unit.withoutTax, 100n) * keep, BP);
  addTo(vatBp, false, net);
  return {
    priceWithTaxCents: unit.withTax,
    priceWithoutTaxCents: unit.withoutTax,
    totalCents: net + roundDiv(net * vatBp, BP),
    priceIncludesTax: false,
  };
}

/** The document's discounts on the buckets: every percentage at once, then the fixed amounts. */
function applyDocumentDiscounts(order: Bucket[], discounts: DiscountAt[]): void {
  // Percentages: one combined factor, exact (basis points multiplied as integers).
  const percents = discounts
    .filter(({ line }) => (line.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL')
    .map(({ line }) => clampRate(discountPercent(line)));
  if (percents.length) {
    const numerator = percents.reduce((acc, bp) => acc * (BP - bp), 1n);
    const denominator = BP ** BigInt(percents.length);
    for (const b of order) b.value = roundDiv(b.value * numerator, denominator);
  }
  // Fixed amounts: summed per kind, then spread over the buckets, never below zero.
  const fixed = (type: DiscountType) =>
    discounts
      .filter(({ line }) => line.discount_type === type)
      .reduce((sum, { line }) => sum + nonNegative(toHundredths(line.discount_amount)), 0n);
  const offWithoutTax = fixed('FIXED_WITHOUT_TAX');
  if (offWithoutTax > 0n) {
    const nets = order.map(bucketNet);
    const total = nets.reduce((a, b) => a + b, 0n);
    const parts = allocate(offWithoutTax < total ? offWithoutTax : total, nets);
    // A share off a net comes off a total with tax multiplied by (1 + rate).
    order.forEach(
      (b, i) => (b.value = nonNegative(b.value - (b.withTax ? roundDiv(parts[i] * (BP + b.bp), BP) : parts[i]))),
    );
  }
  const offWithTax = fixed('FIXED_WITH_TAX');
  if (offWithTax > 0n) {
    const totals = order.map(bucketTotal);
    const total = totals.reduce((a, b) => a + b, 0n);
    const parts = allocate(offWithTax < total ? offWithTax : total, totals);
    // A share with tax comes off a net divided by (1 + rate).
    order.forEach(
      (b, i) => (b.value = nonNegative(b.value - (b.withTax ? parts[i] : roundDiv(parts[i] * BP, BP + b.bp)))),
    );
  }
}

/** What the discount lines took off together (`taken`), shown on each in proportion to its own size. */
function showDiscountShares(lines: LineAmounts[], discounts: DiscountAt[], taken: bigint): void {
  if (!discounts.length) return;
  const weights = discounts.map(
    ({ line }) =>
      nonNegative(
        (line.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL'
          ? discountPercent(line)
          : toHundredths(line.discount_amount),
      ) || 1n,
  );
  const shares = allocate(taken, weights);
  discounts.forEach(
    ({ index }, i) =>
      (lines[index] = {
        priceWithTaxCents: 0n,
        priceWithoutTaxCents: 0n,
        totalCents: -shares[i],
        priceIncludesTax: false,
      }),
  );
}

/**
 * The totals of a quote or invoice (integer cents, rounding half away from zero).
 * - BLANK and TEXT lines carry no amount.
 * - SESSION_TYPE lines priced without tax: quantity × unit price without tax, rounded; less the
 *   line's discount_percentage, rounded: the net. VAT at the line's rate, rounded; total = net + VAT.
 * - SESSION_TYPE lines priced with tax: total = quantity × unit price with tax, less the line's
 *   discount_percentage, rounded once; the net is derived from it and the VAT is the rest. The
 *   client pays exactly what the studio's prices with tax say (3 × 19.99 is 59.97).
 * - DISCOUNT lines apply to the document after every priced line, whatever their position:
 *   all PERCENTAGE_OF_TOTAL first (their factors multiplied, so their order does not matter),
 *   then the fixed ones, summed: FIXED_WITHOUT_TAX off the nets, FIXED_WITH_TAX off the totals
 *   with tax, each spread over the VAT rates (and pricings) in proportion. A discount never takes
 *   a total below 0.
 * - DEPOSIT lines (a final invoice's deduction of a deposit invoice) carry their own net
 *   (price_without_tax) and total with tax (price_with_tax), both negative, as the deposit
 *   declared them: they are taken off their rate's base and VAT exactly, after the discounts
 *   (which never apply to them). A rate may then come out below 0; the caller refuses that
 *   (`depositOverrun`, deposits.ts).
 */
export function computeTotals(items: readonly LineInput[]): DocumentTotals {
  const buckets = new Map<string, Bucket>();
  const addTo = (bp: bigint, withTax: boolean, cents: bigint) => {
    const key = `${bp}:${withTax}`;
    const bucket = buckets.get(key) ?? { bp, withTax, value: 0n };
    bucket.value += cents;
    buckets.set(key, bucket);
  };
  const deductions: VatLine[] = [];
  const lines: LineAmounts[] = items.map((line) => {
    if (line.item_type === DEPOSIT_LINE) {
      const total = toHundredths(line.price_with_tax);
      const net = toHundredths(line.price_without_tax);
      deductions.push({
        vatBasisPoints: Number(clampRate(toHundredths(line.vat_percentage))),
        baseCents: net,
        vatCents: total - net,
      });
      return { priceWithTaxCents: total, priceWithoutTaxCents: net, totalCents: total, priceIncludesTax: true };
    }
    if (line.item_type !== 'SESSION_TYPE')
      return { priceWithTaxCents: 0n, priceWithoutTaxCents: 0n, totalCents: 0n, priceIncludesTax: false };
    return sessionLineAmounts(line, addTo);
  });

  // Lowest rate first, priced without tax before priced with tax: the order ties are broken in.
  const order = [...buckets.values()].sort((a, b) =>
    a.bp !== b.bp ? (a.bp < b.bp ? -1 : 1) : Number(a.withTax) - Number(b.withTax),
  );
  const sumOf = (f: (b: Bucket) => bigint) => order.reduce((sum, b) => sum + f(b), 0n);
  const before = sumOf(bucketTotal);

  const discounts: DiscountAt[] = items
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.item_type === 'DISCOUNT');
  applyDocumentDiscounts(order, discounts);

  const rates = new Map<bigint, VatLine>();
  for (const b of order) {
    const vatLine = rates.get(b.bp) ?? { vatBasisPoints: Number(b.bp), baseCents: 0n, vatCents: 0n };
    vatLine.baseCents += bucketNet(b);
    vatLine.vatCents += bucketVat(b);
    rates.set(b.bp, vatLine);
  }
  // What the discounts left, before any deposit is deducted (the discount lines show the difference).
  const discounted = [...rates.values()].reduce((sum, v) => sum + v.baseCents + v.vatCents, 0n);
  for (const d of deductions) {
    const key = BigInt(d.vatBasisPoints);
    const vatLine = rates.get(key) ?? { vatBasisPoints: d.vatBasisPoints, baseCents: 0n, vatCents: 0n };
    vatLine.baseCents += d.baseCents;
    vatLine.vatCents += d.vatCents;
    rates.set(key, vatLine);
  }
  const vat = [...rates.values()].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
  const totalWithoutTaxCents = vat.reduce((sum, v) => sum + v.baseCents, 0n);
  const totalVatCents = vat.reduce((sum, v) => sum + v.vatCents, 0n);
  const totalWithTaxCents = totalWithoutTaxCents + totalVatCents;

  showDiscountShares(lines, discounts, before - discounted);
  return { lines, vat, totalWithoutTaxCents, totalVatCents, totalWithTaxCents };
}
