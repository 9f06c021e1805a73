import { toHundredths } from '../invoicing/money';
import { type StoredVatPart, vatPartsOf } from '../invoicing/stored-credit-vat';
import { computeTotals, type LineInput } from '../invoicing/totals';
import { type RateAmounts } from './entries';

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
