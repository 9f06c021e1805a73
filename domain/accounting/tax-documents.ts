import { type StoredTaxPart } from '../invoicing/credit-taxes';
import { type StoredTaxAmount } from '../invoicing/line-taxes';
import { toHundredths } from '../invoicing/money';
import { type StoredVatAmount } from '../invoicing/stored-vat';
import { parseMilliPercent, percentText } from '../invoicing/tax-rates';
import { taxNameOf } from '../regimes';

/**
 * The sales documents of the journal csv and the tax subtotals (issue 30 §2,
 * docs/accounting-export.md): an issued invoice or credit note in its currency, with what it sells
 * without tax and each tax at each rate, whichever way its issue kept them. Pure, integer cents.
 *
 * - A document of `vat_percentage` lines (invoices.vat_amounts, credit_notes.vat_parts): one tax
 *   per rate, named after the studio's country (its regime's `taxName`: GST in Canada or Australia, Sales tax in
 *   the US, VAT elsewhere); a sales line per rate, as the FEC has.
 * - An invoice with tax lines (invoices.tax_amounts, GST 5 % + QST 9.975 %): each tax and rate with
 *   the base it was computed on; the sales line is the invoice's total less its taxes (a line
 *   without tax is in it, in no tax's base).
 * - A credit note of such an invoice (credit_notes.tax_parts, the truth when set: vat_parts is then
 *   a rounded copy): each part's base once in the sales line and in the base of each of its taxes.
 */

/** One tax at one rate of a document; either amount may be below 0 (a final invoice deducting deposits). */
export interface DocumentTax {
  /** "VAT", "GST", "QST", "Sales tax". */
  name: string;
  /** Thousandths of a percent: 9975 is 9.975 %. */
  milliPercent: number;
  baseCents: bigint;
  amountCents: bigint;
}

/** A sales line of a document: its net without tax, labelled with the tax it bears when it has one rate. */
export interface DocumentSale {
  /** "VAT 20 %" for a rate of a VAT document; null for a document with tax lines (its net, once). */
  taxLabel: string | null;
  cents: bigint;
}

/** An issued invoice or credit note as the journal csv and the tax subtotals take it. */
export interface TaxedDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** Issue day on the studio's calendar, YYYY-MM-DD. */
  date: string;
  /** ISO 4217, as the document was issued in: amounts of two currencies are never added. */
  currency: string;
  clientName: string;
  clientCode: string | null;
  /** For a credit note: the invoice it corrects. */
  invoiceNumber?: string;
  sales: DocumentSale[];
  taxes: DocumentTax[];
}

/** The name of the tax a `vat_percentage` line bears in the studio's country (VAT unless its regime says otherwise: taxNameOf). */
export const legacyTaxName = (country: string | null): string => taxNameOf(country);

/** "GST 9.975 %"-style label of a tax at a rate. */
export const taxLabel = (name: string, milliPercent: number): string => `${name} ${percentText(milliPercent)} %`;

/** What a document with a stored VAT summary or breakdown sells and charges, each rate as the tax `taxName`. */
export function vatTaxes(stored: readonly StoredVatAmount[], taxName: string): Pick<TaxedDocument, 'sales' | 'taxes'> {
  const taxes = stored.map((r) => ({
    name: taxName,
    milliPercent: Number(toHundredths(r.vat_percentage)) * 10,
    baseCents: toHundredths(r.base),
    amountCents: toHundredths(r.vat),
  }));
  return {
    sales: taxes.map((t) => ({ taxLabel: taxLabel(t.name, t.milliPercent), cents: t.baseCents })),
    taxes,
  };
}

/** An invoice with tax lines: its summary per tax and rate, and its net (its total with tax less every tax). */
export function taxAmountTaxes(
  totalWithTax: string,
  stored: readonly StoredTaxAmount[],
): Pick<TaxedDocument, 'sales' | 'taxes'> {
  const taxes = stored.map((t) => ({
    name: t.name,
    milliPercent: parseMilliPercent(t.rate),
    baseCents: toHundredths(t.base),
    amountCents: toHundredths(t.amount),
  }));
  const net = taxes.reduce((sum, t) => sum - t.amountCents, toHundredths(totalWithTax));
  return { sales: [{ taxLabel: null, cents: net }], taxes };
}

/** A credit note of an invoice with tax lines: its parts' bases as one net, each tax and rate summed over the parts. */
export function taxPartTaxes(stored: readonly StoredTaxPart[]): Pick<TaxedDocument, 'sales' | 'taxes'> {
  const byTax = new Map<string, DocumentTax>();
  let net = 0n;
  for (const part of stored) {
    const base = toHundredths(part.base);
    net += base;
    for (const t of part.taxes) {
      const milliPercent = parseMilliPercent(t.rate);
      const key = `${t.name}@${milliPercent}`;
      const tax = byTax.get(key) ?? { name: t.name, milliPercent, baseCents: 0n, amountCents: 0n };
      tax.baseCents += base;
      tax.amountCents += toHundredths(t.amount);
      byTax.set(key, tax);
    }
  }
  return { sales: [{ taxLabel: null, cents: net }], taxes: [...byTax.values()].sort(byNameAndRate) };
}

/** By tax name, then rate. */
export function byNameAndRate(a: Pick<DocumentTax, 'name' | 'milliPercent'>, b: typeof a): number {
  return a.name === b.name ? a.milliPercent - b.milliPercent : a.name < b.name ? -1 : 1;
}

/** What a document asks with tax: its sales and its taxes. */
export const documentTotal = (doc: Pick<TaxedDocument, 'sales' | 'taxes'>): bigint =>
  doc.sales.reduce((sum, s) => sum + s.cents, 0n) + doc.taxes.reduce((sum, t) => sum + t.amountCents, 0n);
