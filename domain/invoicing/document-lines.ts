import { type CreditVatPart } from './credit-vat';
import { DEPOSIT_LINE } from './item-types';
import { roundDiv, toHundredths } from './money';
import { computeTotals, type LineInput, type VatLine } from './totals';
import { type TaxableLine, taxedItems, usesTaxLines } from './line-taxes';
import { addToSummary, computeTaxTotals, lineTaxes, summaryOf, type TaxSummary, taxSetKey } from './tax-lines';
import { type TaxRate } from './tax-rates';
import { type TaxPart } from './credit-taxes';

/**
 * The lines of a quote, invoice or credit note as both of its readings show them: the pdf (and
 * docx) a client reads and the EN 16931 e-invoice a machine reads (issue 28 §2). Pure; amounts in
 * cents, quantities in hundredths, rates and discounts in basis points.
 *
 * Every priced line reconciles on its own: quantity × unit price (excl. tax), rounded to the cent,
 * is the line's gross amount; less its discount, rounded, its net (EN 16931 BT-131). The unit price
 * is the one the studio typed when that already gives the net; otherwise (a line priced with tax,
 * whose net is derived from its total) it is the net over the quantity with the fewest decimals,
 * two to six, that gives the net back. Document discounts are listed apart, each with what it took
 * off before tax, between the lines' sum (BT-106) and the total before tax (BT-109).
 */

/** A unit price: `units` / 10^`decimals` of the currency (29.167 is { units: 29167n, decimals: 3 }). */
export interface UnitPrice {
  units: bigint;
  decimals: number;
}

interface LineBase {
  description: string;
}

/** A line that carries no amount: free text, or an empty line the studio put for layout. */
export interface NoteLine extends LineBase {
  kind: 'TEXT' | 'BLANK';
}

/** A priced line: a service sold, or (quantity −1) a deposit deducted from a final invoice. */
export interface PricedLine extends LineBase {
  kind: 'ITEM' | 'DEPOSIT';
  /** Hundredths; −100 for a deducted deposit (its price stays positive, BR-27). */
  quantityHundredths: bigint;
  /** Excluding tax, never negative (BT-146; with a discount, BT-148 and the line allowance's base per unit). */
  unitPrice: UnitPrice;
  /** The line's own discount, 0 to 10 000 (100 %). */
  discountBasisPoints: bigint;
  /** quantity × unit price, rounded: the line before its discount (the allowance's base, BT-137). */
  grossCents: bigint;
  /** The line's net (BT-131): gross less its discount. */
  netCents: bigint;
  vatBasisPoints: number;
  /** A document with tax lines (issue 30 §2): the line's taxes, printed by name; its vatBasisPoints is then 0 and unused. */
  taxes?: TaxRate[];
  /** Why the line is sold at 0 % (issue 40 §5), as the studio gave it; absent without one. */
  zeroRateReason?: string | null;
}

export type DocumentLine = NoteLine | PricedLine;

/** A document discount (a DISCOUNT line), with what it took off the total before tax. */
export interface DocumentDiscount {
  description: string;
  /** A percentage discount's rate; null for a fixed amount. */
  percentBasisPoints: bigint | null;
  /** Positive: what it took off the total before tax, in cents. */
  netCents: bigint;
}

/** A document level allowance of one VAT rate (EN 16931 BG-20): what the discounts took off that rate's base. */
export interface RateAllowance {
  vatBasisPoints: number;
  amountCents: bigint;
}

export interface DocumentLines {
  lines: DocumentLine[];
  discounts: DocumentDiscount[];
  allowances: RateAllowance[];
  /** Per VAT rate, lowest first: base and VAT after discounts (and deposits deducted). Empty with tax lines. */
  vat: VatLine[];
  /** A document with tax lines (issue 30 §2): per tax and rate, base and amount; it stands for `vat`. */
  taxes?: TaxSummary[] | null;
  /** The priced lines' nets added up (BT-106). */
  lineTotalCents: bigint;
  /** The document discounts added up (BT-107). */
  allowanceTotalCents: bigint;
  /** BT-109 = BT-106 − BT-107. */
  totalWithoutTaxCents: bigint;
  totalVatCents: bigint;
  totalWithTaxCents: bigint;
}

const BP = 10_000n;

export const isPriced = (line: DocumentLine): line is PricedLine => line.kind === 'ITEM' || line.kind === 'DEPOSIT';

/** quantity × unit price, in cents, rounded half away from zero. */
export const grossOf = (quantityHundredths: bigint, price: UnitPrice): bigint =>
  roundDiv(quantityHundredths * price.units, 10n ** BigInt(price.decimals));

/** The net of a gross amount less a discount, rounded. */
export const lessDiscount = (grossCents: bigint, discountBasisPoints: bigint): bigint =>
  roundDiv(grossCents * (BP - discountBasisPoints), BP);

const cents = (value: bigint): UnitPrice => ({ units: value, decimals: 2 });

/**
 * The unit price shown for a line whose net is `netCents`: `typed` when it gives the net back,
 * else the price with the fewest decimals (2 to 6) whose quantity × price, rounded, less the
 * discount, rounded, is the net; a line with nothing to reconcile (no quantity, a 100 % discount)
 * keeps `typed`. The search goes through the line's gross: every gross the discount turns into the
 * net (one or two cents apart), then the prices nearest to each.
 */
export function reconcilingPrice(
  netCents: bigint,
  quantityHundredths: bigint,
  discountBasisPoints: bigint,
  typed: UnitPrice,
): UnitPrice {
  const keep = BP - discountBasisPoints;
  if (quantityHundredths === 0n || keep === 0n) return typed;
  const gives = (p: UnitPrice) =>
    p.units >= 0n && lessDiscount(grossOf(quantityHundredths, p), discountBasisPoints) === netCents;
  if (gives(typed)) return typed;
  const nearest = roundDiv(netCents * BP, keep);
  const grosses = [nearest, nearest - 1n, nearest + 1n].filter(
    (g) => g >= 0n && lessDiscount(g, discountBasisPoints) === netCents,
  );
  let last = typed;
  for (let decimals = 2; decimals <= 6; decimals += 1) {
    const scale = 10n ** BigInt(decimals);
    for (const gross of grosses) {
      const units = roundDiv(gross * scale, quantityHundredths);
      for (const candidate of [units, units - 1n, units + 1n]) {
        last = { units: candidate < 0n ? 0n : candidate, decimals };
        if (gives(last)) return trimmed(last);
      }
    }
  }
  return trimmed(last);
}

/** A price without trailing zeros beyond two decimals (29.1670 is 29.167). */
function trimmed(price: UnitPrice): UnitPrice {
  let { units, decimals } = price;
  while (decimals > 2 && units % 10n === 0n) {
    units /= 10n;
    decimals -= 1;
  }
  return { units, decimals };
}

/** Splits `amount` over `weights` in proportion, exactly: the parts add up to `amount` (largest remainder, earlier first on ties). */
export function splitExactly(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) return weights.map((_, i) => (i === 0 ? amount : 0n));
  const parts = weights.map((w) => (amount * w) / total);
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % total }));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  let left = amount - parts.reduce((a, b) => a + b, 0n);
  const step = left < 0n ? -1n : 1n;
  for (let k = 0; left !== 0n; k += 1) {
    parts[remainders[k % remainders.length].i] += step;
    left -= step;
  }
  return parts;
}

/** A line's own discount in basis points, 0 to 100 %. */
const lineDiscount = (line: LineInput) => {
  const bp = toHundredths(line.discount_percentage);
  return bp < 0n ? 0n : bp > BP ? BP : bp;
};

const rateOf = (line: { vat_percentage?: number | string | null }) => Number(toHundredths(line.vat_percentage));
const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** A final invoice's deducted deposit (quantity −1, its price positive: BR-27) of net `net` (below 0). */
function depositLine(item: DocumentItem, net: bigint, words: LineWords, vatBasisPoints: number): PricedLine {
  return {
    kind: 'DEPOSIT',
    description: text(item.description) || words.deposit,
    quantityHundredths: -100n,
    unitPrice: cents(-net),
    discountBasisPoints: 0n,
    grossCents: net,
    netCents: net,
    vatBasisPoints,
  };
}

/** A quote or invoice line as stored (the fields the documents read). */
export type DocumentItem = TaxableLine & { description?: string | null; zero_rate_reason?: string | null };

/** The words a document's lines need in the client's language: the name of an unnamed service, deposit or discount. */
export interface LineWords {
  service: string;
  deposit: string;
  discount: string;
}

/** The names of a document's unnamed lines, of its discounts and of an amount credited, per language (the pdf, the docx and the e-invoice alike). */
export const LINE_WORDS = {
  'fr-FR': { service: 'Prestation', deposit: 'Acompte', discount: 'Remise', credited: 'Montant crédité' },
  'en-US': { service: 'Service', deposit: 'Deposit', discount: 'Discount', credited: 'Amount credited' },
} as const;

type Totals = ReturnType<typeof computeTotals>;
/** A line priced with tax, whose net is its rate's share, with its total as weight. */
type TaxIncluded = { line: PricedLine; weight: bigint };

/**
 * A session line: its quantity (none below zero), unit price and discount. Priced without tax, its
 * net is quantity × unit price, rounded, less the line's discount, rounded (as totals.ts computes
 * it); priced with tax, its net is its rate's share, set after (shareTaxIncludedNets).
 */
function itemLine(item: DocumentItem, amounts: Totals['lines'][number], words: LineWords): PricedLine {
  const quantity = toHundredths(item.quantity ?? 1);
  const q = quantity < 0n ? 0n : quantity;
  const discount = lineDiscount(item);
  const typed = cents(amounts.priceWithoutTaxCents);
  const line: PricedLine = {
    kind: 'ITEM',
    description: text(item.description) || words.service,
    quantityHundredths: q,
    unitPrice: typed,
    discountBasisPoints: discount,
    grossCents: 0n,
    netCents: 0n,
    vatBasisPoints: rateOf(item),
    ...(text(item.zero_rate_reason) ? { zeroRateReason: text(item.zero_rate_reason) } : {}),
  };
  if (!amounts.priceIncludesTax) line.netCents = lessDiscount(grossOf(q, typed), discount);
  return line;
}

/** Each rate's lines priced with tax share what is left of the rate's base once the lines priced without tax have theirs. */
function shareTaxIncludedNets(priced: PricedLine[], withTax: TaxIncluded[], undiscounted: Totals['vat']): void {
  for (const rate of undiscounted) {
    const plainNets = priced
      .filter(
        (l) => l.kind === 'ITEM' && l.vatBasisPoints === rate.vatBasisPoints && !withTax.some((w) => w.line === l),
      )
      .reduce((sum, l) => sum + l.netCents, 0n);
    const atRate = withTax.filter((w) => w.line.vatBasisPoints === rate.vatBasisPoints);
    const shares = splitExactly(
      rate.baseCents - plainNets,
      atRate.map((w) => w.weight),
    );
    atRate.forEach((w, i) => (w.line.netCents = shares[i]));
  }
}

/** One allowance per rate: the rate's base before discounts less after (the deposits deducted put back); none of zero. */
function rateAllowances(undiscounted: Totals['vat'], after: Totals['vat'], priced: PricedLine[]) {
  const deducted = (bp: number) =>
    priced.filter((l) => l.kind === 'DEPOSIT' && l.vatBasisPoints === bp).reduce((sum, l) => sum + l.netCents, 0n);
  return undiscounted
    .map((rate) => {
      const discounted = after.find((v) => v.vatBasisPoints === rate.vatBasisPoints);
      return {
        vatBasisPoints: rate.vatBasisPoints,
        amountCents: rate.baseCents - ((discounted?.baseCents ?? 0n) - deducted(rate.vatBasisPoints)),
      };
    })
    .filter((a) => a.amountCents !== 0n);
}

/**
 * A quote's or invoice's lines from its items, by the rules of its totals (totals.ts): each rate's
 * lines priced without tax keep their nets; the lines priced with tax share their rate's derived
 * net in proportion to their totals; discounts become one allowance per rate (the rate's base
 * before discounts less after), shown per discount line in proportion to its size; deducted
 * deposits are lines of quantity −1.
 */
export function itemDocumentLines(
  items: readonly DocumentItem[],
  words: LineWords = LINE_WORDS['fr-FR'],
): DocumentLines {
  if (usesTaxLines(items)) return taxedDocumentLines(items, words);
  const totals = computeTotals(items);
  const lines: DocumentLine[] = [];
  const withTax: TaxIncluded[] = [];
  items.forEach((item, i) => {
    const amounts = totals.lines[i];
    if (item.item_type === 'TEXT' || item.item_type === 'BLANK') {
      lines.push({ kind: item.item_type, description: text(item.description) });
      return;
    }
    if (item.item_type === DEPOSIT_LINE) {
      lines.push(depositLine(item, amounts.priceWithoutTaxCents, words, rateOf(item)));
      return;
    }
    if (item.item_type !== 'SESSION_TYPE') return;
    const line = itemLine(item, amounts, words);
    if (amounts.priceIncludesTax) withTax.push({ line, weight: amounts.totalCents });
    lines.push(line);
  });
  const priced = lines.filter(isPriced);
  const undiscounted = computeTotals(items.filter((i) => i.item_type === 'SESSION_TYPE')).vat;
  shareTaxIncludedNets(priced, withTax, undiscounted);
  for (const l of priced) {
    if (l.kind === 'ITEM') {
      l.unitPrice = reconcilingPrice(l.netCents, l.quantityHundredths, l.discountBasisPoints, l.unitPrice);
      l.grossCents = grossOf(l.quantityHundredths, l.unitPrice);
    }
  }
  const allowances = rateAllowances(undiscounted, totals.vat, priced);
  const allowanceTotalCents = allowances.reduce((sum, a) => sum + a.amountCents, 0n);
  const discounts = documentDiscounts(items, allowanceTotalCents, words);
  const lineTotalCents = priced.reduce((sum, l) => sum + l.netCents, 0n);
  return {
    lines,
    discounts,
    allowances,
    vat: totals.vat,
    lineTotalCents,
    allowanceTotalCents,
    totalWithoutTaxCents: totals.totalWithoutTaxCents,
    totalVatCents: totals.totalVatCents,
    totalWithTaxCents: totals.totalWithTaxCents,
  };
}

/** The text lines and the discount lines' share of what the discounts took off before tax, as both rules print them. */
function noteLine(item: DocumentItem): NoteLine {
  return { kind: item.item_type as 'TEXT' | 'BLANK', description: text(item.description) };
}
function documentDiscounts(items: readonly DocumentItem[], allowanceTotalCents: bigint, words: LineWords) {
  const discountItems = items.filter((i) => i.item_type === 'DISCOUNT');
  const rates = discountItems.map((d) =>
    (d.discount_type ?? 'PERCENTAGE_OF_TOTAL') === 'PERCENTAGE_OF_TOTAL'
      ? toHundredths(d.discount_percentage) || toHundredths(d.discount_amount)
      : null,
  );
  const shares = splitExactly(
    allowanceTotalCents,
    discountItems.map((d, i) => {
      const w = rates[i] ?? toHundredths(d.discount_amount);
      return w > 0n ? w : 1n;
    }),
  );
  return discountItems.map(
    (d, i): DocumentDiscount => ({
      description: text(d.description) || words.discount,
      percentBasisPoints: rates[i] === null ? null : rates[i] < 0n ? 0n : rates[i] > BP ? BP : rates[i],
      netCents: shares[i],
    }),
  );
}

/**
 * A document with tax lines (issue 30 §2), by itemDocumentLines's rules with a set of taxes where
 * it has a VAT rate: lines priced without tax keep their nets; each set's lines priced with tax
 * share what is left of the set's base (computeTaxTotals of those lines alone) in proportion to
 * their totals; the document discounts show what they took off before tax; the summary is per tax
 * and rate (computeTaxTotals); a final invoice's deducted deposits are lines of quantity −1 with their taxes.
 */
function taxedDocumentLines(items: readonly DocumentItem[], words: LineWords): DocumentLines {
  const taxed = taxedItems(items);
  const totals = computeTaxTotals(taxed);
  const lines: DocumentLine[] = [];
  const withTax = new Map<string, { line: PricedLine; weight: bigint }[]>();
  items.forEach((item, i) => {
    if (item.item_type === 'TEXT' || item.item_type === 'BLANK') return lines.push(noteLine(item));
    const amounts = totals.lines[i];
    const taxes = lineTaxes(taxed[i].taxes);
    if (item.item_type === DEPOSIT_LINE)
      return lines.push({ ...depositLine(item, amounts.priceWithoutTaxCents, words, 0), taxes });
    if (item.item_type !== 'SESSION_TYPE') return;
    const quantity = toHundredths(item.quantity ?? 1);
    const line: PricedLine = {
      kind: 'ITEM',
      description: text(item.description) || words.service,
      quantityHundredths: quantity < 0n ? 0n : quantity,
      unitPrice: cents(amounts.priceWithoutTaxCents),
      discountBasisPoints: lineDiscount(item),
      grossCents: 0n,
      netCents: amounts.netCents,
      vatBasisPoints: 0,
      taxes,
    };
    if (amounts.priceIncludesTax) {
      const key = taxSetKey(taxes);
      withTax.set(key, [...(withTax.get(key) ?? []), { line, weight: amounts.totalCents }]);
    }
    lines.push(line);
  });
  for (const [key, members] of withTax) {
    const own = taxed.filter(
      (t, i) =>
        t.item_type === 'SESSION_TYPE' && totals.lines[i].priceIncludesTax && taxSetKey(lineTaxes(t.taxes)) === key,
    );
    const shares = splitExactly(
      computeTaxTotals(own).totalWithoutTaxCents,
      members.map((m) => m.weight),
    );
    members.forEach((m, i) => (m.line.netCents = shares[i]));
  }
  const priced = lines.filter(isPriced);
  for (const l of priced.filter((p) => p.kind === 'ITEM')) {
    l.unitPrice = reconcilingPrice(l.netCents, l.quantityHundredths, l.discountBasisPoints, l.unitPrice);
    l.grossCents = grossOf(l.quantityHundredths, l.unitPrice);
  }
  const lineTotalCents = priced.reduce((sum, l) => sum + l.netCents, 0n);
  const allowanceTotalCents = lineTotalCents - totals.totalWithoutTaxCents;
  return {
    lines,
    discounts: documentDiscounts(items, allowanceTotalCents, words),
    allowances: [],
    vat: [],
    taxes: totals.taxes,
    lineTotalCents,
    allowanceTotalCents,
    totalWithoutTaxCents: totals.totalWithoutTaxCents,
    totalVatCents: totals.totalTaxCents,
    totalWithTaxCents: totals.totalWithTaxCents,
  };
}

/** A credited line or amount of net `netCents`, with the unit price that gives its net back. */
function creditLine(
  description: string,
  quantityHundredths: bigint,
  netCents: bigint,
  vatBasisPoints: number,
): PricedLine {
  const q = quantityHundredths > 0n ? quantityHundredths : 100n;
  const unitPrice = reconcilingPrice(netCents, q, 0n, cents(roundDiv(netCents * 100n, q)));
  return {
    kind: 'ITEM',
    description,
    quantityHundredths: q,
    unitPrice,
    discountBasisPoints: 0n,
    grossCents: grossOf(q, unitPrice),
    netCents,
    vatBasisPoints,
  };
}

/** A credited line of a credit note (its total with tax, as credited). */
export interface CreditedLine {
  description: string | null;
  quantityHundredths: bigint;
  vatBasisPoints: number;
  withTaxCents: bigint;
}

/**
 * A credit note's lines: the credited lines (each rate's base, as stored at issue, shared by their
 * totals), or one line per rate for an amount credited; its VAT is the breakdown stored at issue.
 */
export function creditDocumentLines(
  credited: readonly CreditedLine[],
  parts: readonly CreditVatPart[],
  amountLabel: string,
): DocumentLines {
  const priced = creditLine;
  const lines: PricedLine[] =
    credited.length === 0
      ? parts.map((p) => priced(amountLabel, 100n, p.baseCents, p.vatBasisPoints))
      : parts.flatMap((part) => {
          const atRate = credited.filter((l) => l.vatBasisPoints === part.vatBasisPoints);
          const nets = splitExactly(
            part.baseCents,
            atRate.map((l) => l.withTaxCents),
          );
          return atRate.map((l, i) =>
            priced(text(l.description) || amountLabel, l.quantityHundredths, nets[i], l.vatBasisPoints),
          );
        });
  const vat = parts.map((p) => ({ vatBasisPoints: p.vatBasisPoints, baseCents: p.baseCents, vatCents: p.vatCents }));
  const totalWithoutTaxCents = vat.reduce((sum, v) => sum + v.baseCents, 0n);
  const totalVatCents = vat.reduce((sum, v) => sum + v.vatCents, 0n);
  return {
    lines,
    discounts: [],
    allowances: [],
    vat,
    lineTotalCents: lines.reduce((sum, l) => sum + l.netCents, 0n),
    allowanceTotalCents: 0n,
    totalWithoutTaxCents,
    totalVatCents,
    totalWithTaxCents: totalWithoutTaxCents + totalVatCents,
  };
}

/** A credited line of a credit note of an invoice with tax lines: its taxes, from the invoice line. */
export interface CreditedTaxLine {
  description: string | null;
  quantityHundredths: bigint;
  taxes: TaxRate[];
  withTaxCents: bigint;
}

/**
 * A credit note's lines for an invoice with tax lines (issue 30 §2): creditDocumentLines's rules
 * with a set of taxes where it has a rate; the summary per tax and rate from the stored parts.
 */
export function creditTaxDocumentLines(
  credited: readonly CreditedTaxLine[],
  parts: readonly TaxPart[],
  amountLabel: string,
): DocumentLines {
  const withTaxes = (line: PricedLine, taxes: TaxRate[]): PricedLine => ({ ...line, taxes });
  const lines: PricedLine[] = parts.flatMap((part) => {
    const taxes = lineTaxes(part.taxes);
    const key = taxSetKey(taxes);
    const inSet = credited.filter((l) => taxSetKey(l.taxes) === key);
    if (inSet.length === 0) return [withTaxes(creditLine(amountLabel, 100n, part.baseCents, 0), taxes)];
    const nets = splitExactly(
      part.baseCents,
      inSet.map((l) => l.withTaxCents),
    );
    return inSet.map((l, i) =>
      withTaxes(creditLine(text(l.description) || amountLabel, l.quantityHundredths, nets[i], 0), taxes),
    );
  });
  const summary = new Map<string, TaxSummary>();
  for (const part of parts) for (const tax of part.taxes) addToSummary(summary, tax, part.baseCents, tax.amountCents);
  const totalWithoutTaxCents = parts.reduce((sum, p) => sum + p.baseCents, 0n);
  const totalWithTaxCents = parts.reduce((sum, p) => sum + p.withTaxCents, 0n);
  return {
    lines,
    discounts: [],
    allowances: [],
    vat: [],
    taxes: summaryOf(summary),
    lineTotalCents: lines.reduce((sum, l) => sum + l.netCents, 0n),
    allowanceTotalCents: 0n,
    totalWithoutTaxCents,
    totalVatCents: totalWithTaxCents - totalWithoutTaxCents,
    totalWithTaxCents,
  };
}
