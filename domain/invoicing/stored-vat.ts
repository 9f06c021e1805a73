import { type CreditVatPart } from './credit-vat';
import { centsToDecimal, toHundredths } from './money';
import { computeTotals, type LineInput, type VatLine } from './totals';

/**
 * A document's VAT per rate as it is stored at issue, decimal strings like the invoice's columns:
 * an issued invoice's summary (invoices.vat_amounts) and a credit note's breakdown
 * (credit_notes.vat_parts, with each rate's total). Both are fixed when the document is issued
 * and only read afterwards: by its pdf, its Factur-X XML, the accounting export and the deposits.
 */
export interface StoredVatAmount {
  /** "20.00". */
  vat_percentage: string;
  base: string;
  vat: string;
}

/** One rate of a credit note's breakdown (domain/invoicing/credit-vat.ts). */
export interface StoredVatPart extends StoredVatAmount {
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
export const storedVatAmounts = (vat: readonly VatLine[]): StoredVatAmount[] => vat.map(storedAmount);

/** A credit note's breakdown as stored, lowest rate first. */
export function storedVatParts(parts: readonly CreditVatPart[]): StoredVatPart[] {
  return [...parts]
    .sort((a, b) => a.vatBasisPoints - b.vatBasisPoints)
    .map((p) => ({ ...storedAmount(p), total: centsToDecimal(p.withTaxCents) }));
}

/** A stored summary or breakdown in cents and basis points. */
export function vatAmountsOf(stored: readonly StoredVatAmount[]): VatLine[] {
  return stored.map((p) => ({
    vatBasisPoints: Number(toHundredths(p.vat_percentage)),
    baseCents: toHundredths(p.base),
    vatCents: toHundredths(p.vat),
  }));
}

/** A stored credit note breakdown in cents and basis points. */
export function vatPartsOf(stored: readonly StoredVatPart[]): CreditVatPart[] {
  return vatAmountsOf(stored).map((p, i) => ({ ...p, withTaxCents: toHundredths((stored[i] as StoredVatPart).total) }));
}
