import { type CreditVatPart } from './credit-vat';
import { centsToDecimal, toHundredths } from './money';

/**
 * One rate of a credit note's VAT breakdown as credit_notes.vat_parts stores it, decimal strings
 * like the invoice's columns: fixed when the credit note is issued (domain/invoicing/credit-vat.ts),
 * then read by its pdf, its Factur-X XML, the accounting export and the deposits it lowers.
 */
export interface StoredVatPart {
  /** "20.00". */
  vat_percentage: string;
  base: string;
  vat: string;
  /** With tax: base + vat. */
  total: string;
}

/** The breakdown as stored, lowest rate first. */
export function storedVatParts(parts: readonly CreditVatPart[]): StoredVatPart[] {
  return [...parts]
    .sort((a, b) => a.vatBasisPoints - b.vatBasisPoints)
    .map((p) => ({ vat_percentage: centsToDecimal(BigInt(p.vatBasisPoints)), base: centsToDecimal(p.baseCents), vat: centsToDecimal(p.vatCents), total: centsToDecimal(p.withTaxCents) }));
}

/** The stored breakdown in cents and basis points. */
export function vatPartsOf(stored: readonly StoredVatPart[]): CreditVatPart[] {
  return stored.map((p) => ({ vatBasisPoints: Number(toHundredths(p.vat_percentage)), baseCents: toHundredths(p.base), vatCents: toHundredths(p.vat), withTaxCents: toHundredths(p.total) }));
}
