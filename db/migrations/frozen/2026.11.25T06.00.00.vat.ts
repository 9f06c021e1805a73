/**
 * Frozen for migrations 2026.11.25T06.00.00.credit-note-vat and 2026.11.25T07.00.00.invoice-vat-amounts:
 * the VAT rules their backfills applied, as they stood (domain/invoicing/money.ts, totals.ts,
 * credit-vat.ts and stored-vat.ts), so those migrations keep their effect whatever the live rules
 * become. Never edit: a later change to a rule is a new migration.
 */

const DEPOSIT_LINE = 'DEPOSIT';
type DiscountType = 'PERCENTAGE_OF_TOTAL' | 'FIXED_WITH_TAX' | 'FIXED_WITHOUT_TAX';
/** A decimal with at most two places (number, or the string PostgreSQL returns for decimal) as hundredths. */
export function toHundredths(value: number | string | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const [, minus, whole, fraction = ''] = match;
  const hundredths = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return minus ? -hundredths : hundredths;
}

/** `numerator / denominator` rounded half away from zero (the cent rounding of invoices). */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** Cents as the decimal(10,2) text the database stores. */
function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A quote or invoice line as stored or sent (decimals as numbers or strings). */
export interface LineInput {
  item_type: string;
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
interface LineAmounts {
  priceWithTaxCents: bigint;
  priceWithoutTaxCents: bigint;
  /** The line's total with tax; negative for a discount line (what it took off). */
  totalCents: bigint;
  /** The line is priced with tax: its total is quantity × price with tax, exactly. */
  priceIncludesTax: boolean;
}

interface VatLine {
  /** Basis points: 2000 is 20 %, 550 is 5.5 %. */
  vatBasisPoints: number;
  baseCents: bigint;
  vatCents: bigint;
}

interface DocumentTotals {
  lines: LineAmounts[];
  /** Per VAT rate, lowest rate first, after document discounts. */
  vat: VatLine[];
  totalWithoutTaxCents: bigint;
  totalVatCents: bigint;
  /** The document's `amount`. */
  totalWithTaxCents: bigint;
}

const BP = 10_000n;

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
  });

  // Lowest rate first, priced without tax before priced with tax: the order ties are broken in.
  const order = [...buckets.values()].sort((a, b) =>
    a.bp !== b.bp ? (a.bp < b.bp ? -1 : 1) : Number(a.withTax) - Number(b.withTax),
  );
  const sumOf = (f: (b: Bucket) => bigint) => order.reduce((sum, b) => sum + f(b), 0n);
  const before = sumOf(bucketTotal);

  const discounts = items.map((line, index) => ({ line, index })).filter(({ line }) => line.item_type === 'DISCOUNT');
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

  // What the discount lines took off together, shown on each in proportion to its own size.
  const taken = before - discounted;
  if (discounts.length) {
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
  return { lines, vat, totalWithoutTaxCents, totalVatCents, totalWithTaxCents };
}

/** One VAT rate's share of a credit note, with tax, and its split into base and VAT (cents). */
interface CreditVatPart {
  /** Basis points: 2000 is 20 %. */
  vatBasisPoints: number;
  withTaxCents: bigint;
  baseCents: bigint;
  vatCents: bigint;
}

/** What a rate weighs in the split: the invoice's (or the credited lines') amount with tax at that rate. */
interface CreditVatWeight {
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
function splitWithTax(vatBasisPoints: number, withTaxCents: bigint): CreditVatPart {
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
function splitCreditByVat(amountCents: bigint, weights: readonly CreditVatWeight[]): CreditVatPart[] {
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
function creditableByRate(
  invoiceVat: readonly CreditVatWeight[],
  earlier: readonly (readonly CreditVatWeight[])[],
): CreditVatWeight[] {
  const taken = earlier.flat().map((p) => ({ vatBasisPoints: p.vatBasisPoints, withTaxCents: -p.withTaxCents }));
  return sumByRate([...invoiceVat, ...taken])
    .filter(([, cents]) => cents > 0n)
    .map(([vatBasisPoints, withTaxCents]) => ({ vatBasisPoints, withTaxCents }));
}

/** A new credit note: its amount with tax, and the lines it credits (none for an amount). */
interface CreditNoteAmounts {
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
 * A document's VAT per rate as it is stored at issue, decimal strings like the invoice's columns:
 * an issued invoice's summary (invoices.vat_amounts) and a credit note's breakdown
 * (credit_notes.vat_parts, with each rate's total). Both are fixed when the document is issued
 * and only read afterwards: by its pdf, its Factur-X XML, the accounting export and the deposits.
 */
interface StoredVatAmount {
  /** "20.00". */
  vat_percentage: string;
  base: string;
  vat: string;
}

/** One rate of a credit note's breakdown (domain/invoicing/credit-vat.ts). */
interface StoredVatPart extends StoredVatAmount {
  /** With tax: base + vat. */
  total: string;
}

const storedAmount = (r: VatLine): StoredVatAmount => ({
  vat_percentage: centsToDecimal(BigInt(r.vatBasisPoints)),
  base: centsToDecimal(r.baseCents),
  vat: centsToDecimal(r.vatCents),
});

/**
 * The VAT summary an invoice keeps from its issue (invoices.vat_amounts, docs/accounting-export.md):
 * each rate's base and VAT of its lines exactly as its document shows them (computeTotals: a final
 * invoice's DEPOSIT lines are taken off their rates), lowest rate first.
 */
export function invoiceVatAmounts(items: readonly LineInput[]): StoredVatAmount[] {
  return storedVatAmounts(computeTotals(items).vat);
}

/** A VAT summary (computeTotals' or an e-invoice's breakdown, lowest rate first) as stored. */
const storedVatAmounts = (vat: readonly VatLine[]): StoredVatAmount[] => vat.map(storedAmount);

/** A credit note's breakdown as stored, lowest rate first. */
export function storedVatParts(parts: readonly CreditVatPart[]): StoredVatPart[] {
  return [...parts]
    .sort((a, b) => a.vatBasisPoints - b.vatBasisPoints)
    .map((p) => ({ ...storedAmount(p), total: centsToDecimal(p.withTaxCents) }));
}
