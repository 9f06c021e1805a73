import { centsToDecimal, toHundredths } from '../invoicing/money';
import { type StoredVatPart, vatPartsOf } from '../invoicing/stored-credit-vat';
import { computeTotals, type LineInput } from '../invoicing/totals';
import { type RateAmounts } from './entries';
import { type RateCents } from './journal-text';

/**
 * Each VAT rate's base and VAT of an issued invoice, from its stored lines, exactly as its
 * document shows them (computeTotals): a final invoice's DEPOSIT lines are taken off their rates.
 */
export function invoiceRates(items: readonly LineInput[]): RateAmounts[] {
  return computeTotals(items).vat.map((v) => ({ vatBasisPoints: v.vatBasisPoints, baseCents: v.baseCents, vatCents: v.vatCents }));
}

/**
 * Each VAT rate's base and VAT of a credit note: its breakdown as stored at issue
 * (credit_notes.vat_parts, domain/invoicing/credit-vat.ts), the one its pdf and Factur-X XML show.
 */
export function creditNoteRates(vatParts: readonly StoredVatPart[]): RateAmounts[] {
  return vatPartsOf(vatParts).map((p) => ({ vatBasisPoints: p.vatBasisPoints, baseCents: p.baseCents, vatCents: p.vatCents }));
}

/** Cents of a decimal column ("1234.56"). */
export const centsOf = (amount: string | number): bigint => toHundredths(amount);

/** A VAT rate of an issued invoice as invoices.vat_amounts keeps it (decimals as text). */
export interface StoredVatAmount {
  vat_percentage: string;
  base: string;
  vat: string;
}

/**
 * The VAT summary an invoice keeps from its issue (invoices.vat_amounts, docs/accounting-export.md):
 * invoiceRates of its lines, one entry per rate. An issued invoice's lines never change, so the
 * export reads this instead of recomputing every invoice's totals.
 */
export function invoiceVatAmounts(items: readonly LineInput[]): StoredVatAmount[] {
  return invoiceRates(items).map((r) => ({ vat_percentage: centsToDecimal(BigInt(r.vatBasisPoints)), base: centsToDecimal(r.baseCents), vat: centsToDecimal(r.vatCents) }));
}

/** Rates in bigint cents as numbers (exact: stored amounts are far below 2^53 cents). */
export function rateCents(rates: readonly RateAmounts[]): RateCents[] {
  return rates.map((r) => ({ vatBasisPoints: r.vatBasisPoints, baseCents: Number(r.baseCents), vatCents: Number(r.vatCents) }));
}
