import { roundDiv } from '../invoicing/money';
import { type OperationCategory } from './report-aggregates';
import { paymentParts } from './payment-parts';

/**
 * Goods and services apart in e-reporting (issue 32 §5): a document's base and VAT at each rate,
 * as kept at issue, shared between the goods and the services its lines sold at that rate; and a
 * payment's share of services, the only payments reported. Pure; every split adds up to the cent.
 */

/** A document's amounts at one VAT rate (basis points), in minor units. */
export interface RateAmounts {
  rateBasisPoints: number;
  baseCents: bigint;
  vatCents: bigint;
}

/** A priced line as it weighs in the split: what it sells, its rate and its total with tax. */
export interface SoldLine {
  category: OperationCategory;
  rateBasisPoints: number;
  totalCents: bigint;
}

/**
 * The amounts of each rate by category: all of a rate's amounts to the category its lines sell, or,
 * when goods and services share a rate, split in proportion to their lines' totals (a document
 * discount or a deducted deposit takes its share off both alike); the goods' share rounded, the
 * services' the rest. A rate no priced line sells at is read as services, as before lines said.
 */
export function categoryParts(
  amounts: readonly RateAmounts[],
  lines: readonly SoldLine[],
): (RateAmounts & { category: OperationCategory })[] {
  return amounts.flatMap((a) => {
    const weight = (category: OperationCategory) =>
      lines
        .filter((l) => l.category === category && l.rateBasisPoints === a.rateBasisPoints && l.totalCents > 0n)
        .reduce((sum, l) => sum + l.totalCents, 0n);
    const goods = weight('GOODS');
    const services = weight('SERVICES');
    if (goods === 0n) return [{ ...a, category: 'SERVICES' as const }];
    if (services === 0n) return [{ ...a, category: 'GOODS' as const }];
    const goodsBase = roundDiv(a.baseCents * goods, goods + services);
    const goodsVat = roundDiv(a.vatCents * goods, goods + services);
    return [
      { rateBasisPoints: a.rateBasisPoints, baseCents: goodsBase, vatCents: goodsVat, category: 'GOODS' as const },
      {
        rateBasisPoints: a.rateBasisPoints,
        baseCents: a.baseCents - goodsBase,
        vatCents: a.vatCents - goodsVat,
        category: 'SERVICES' as const,
      },
    ];
  });
}

/**
 * The parts of a payment that are reported: its split over the invoice's parts (by category and
 * rate, in proportion to their totals with tax, paymentParts), the services' only, per rate. A
 * payment for goods alone has none (VAT on goods is due at delivery, not on payment); an invoice
 * with no amount keeps the whole payment, as paymentParts does.
 */
export function servicePaymentParts(
  amountCents: bigint,
  parts: readonly (RateAmounts & { category: OperationCategory })[],
): { rateBasisPoints: number; amountCents: bigint }[] {
  const priced = parts
    .map((p) => ({ category: p.category, rateBasisPoints: p.rateBasisPoints, totalCents: p.baseCents + p.vatCents }))
    .filter((p) => p.totalCents > 0n);
  if (priced.length === 0) return paymentParts(amountCents, []);
  const shares = paymentParts(amountCents, priced);
  const byRate = new Map<number, bigint>();
  shares.forEach((share, i) => {
    if (priced[i].category !== 'SERVICES') return;
    byRate.set(share.rateBasisPoints, (byRate.get(share.rateBasisPoints) ?? 0n) + share.amountCents);
  });
  return [...byRate.entries()].map(([rateBasisPoints, amount]) => ({ rateBasisPoints, amountCents: amount }));
}
