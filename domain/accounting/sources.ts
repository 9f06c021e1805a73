import { creditNoteVat } from '../invoicing/credit-vat';
import { toHundredths } from '../invoicing/money';
import { computeTotals, type LineInput } from '../invoicing/totals';
import { type RateAmounts } from './entries';

/**
 * Each VAT rate's base and VAT of an issued invoice, from its stored lines, exactly as its
 * document shows them (computeTotals): a final invoice's DEPOSIT lines are taken off their rates.
 */
export function invoiceRates(items: readonly LineInput[]): RateAmounts[] {
  return computeTotals(items).vat.map((v) => ({ vatBasisPoints: v.vatBasisPoints, baseCents: v.baseCents, vatCents: v.vatCents }));
}

/** A credited line as credit_notes.items stores it. */
export interface StoredCreditedLine {
  vat_percentage: string;
  total: string;
}

/**
 * Each VAT rate's base and VAT of a credit note, as its document shows them: whole lines at
 * their rates, an amount split pro rata over its invoice's rates (domain/invoicing/credit-vat.ts).
 */
export function creditNoteRates(amount: string, credited: readonly StoredCreditedLine[], invoiceItems: readonly LineInput[]): RateAmounts[] {
  const lines = credited.map((l) => ({ vatBasisPoints: Number(toHundredths(l.vat_percentage)), withTaxCents: toHundredths(l.total) }));
  const weights = computeTotals(invoiceItems).vat.map((v) => ({ vatBasisPoints: v.vatBasisPoints, withTaxCents: v.baseCents + v.vatCents }));
  return creditNoteVat({ amountCents: toHundredths(amount), lines }, weights).map((p) => ({ vatBasisPoints: p.vatBasisPoints, baseCents: p.baseCents, vatCents: p.vatCents }));
}

/** Cents of a decimal column ("1234.56"). */
export const centsOf = (amount: string | number): bigint => toHundredths(amount);
