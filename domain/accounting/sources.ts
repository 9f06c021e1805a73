import { toHundredths } from '../invoicing/money';
import { type StoredVatAmount } from '../invoicing/stored-vat';
import { computeTotals, type LineInput } from '../invoicing/totals';
import { type RateAmounts } from './entries';
import { type RateCents } from './journal-text';

/**
 * Each VAT rate's base and VAT of an issued invoice, from its stored lines, exactly as its
 * document shows them (computeTotals): a final invoice's DEPOSIT lines are taken off their rates.
 */
export function invoiceRates(items: readonly LineInput[]): RateAmounts[] {
  return computeTotals(items).vat.map((v) => ({
    vatBasisPoints: v.vatBasisPoints,
    baseCents: v.baseCents,
    vatCents: v.vatCents,
  }));
}

/** Cents of a decimal column ("1234.56"). */
export const centsOf = (amount: string | number): bigint => toHundredths(amount);

/**
 * A stored VAT summary (an invoice's vat_amounts) or breakdown (a credit note's vat_parts) in cents
 * as numbers, the accounting export's fast path: exact, the decimals have two places and are far
 * below 2^53 cents.
 */
export function storedRateCents(stored: readonly StoredVatAmount[]): RateCents[] {
  const cents = (decimal: string) => Math.round(Number(decimal) * 100);
  return stored.map((r) => ({
    vatBasisPoints: cents(r.vat_percentage),
    baseCents: cents(r.base),
    vatCents: cents(r.vat),
  }));
}

/** Rates in bigint cents as numbers (exact: stored amounts are far below 2^53 cents). */
export function rateCents(rates: readonly RateAmounts[]): RateCents[] {
  return rates.map((r) => ({
    vatBasisPoints: r.vatBasisPoints,
    baseCents: Number(r.baseCents),
    vatCents: Number(r.vatCents),
  }));
}
