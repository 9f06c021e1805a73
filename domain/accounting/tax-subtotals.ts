import { neutraliseFormula } from '../exports/cell-format';
import { type CsvDialectRules } from '../exports/csv-dialect';
import { percentText } from '../invoicing/tax-rates';
import { csvLine } from './csv';
import { fecAmount } from './fec';
import { byNameAndRate, type TaxedDocument } from './tax-documents';

/**
 * The tax subtotals of a period for the studio's tax return (issue 30 §2,
 * docs/accounting-export.md): per month, currency, tax and rate, the base and the tax of the
 * invoices issued, of the credit notes issued, and the difference (what the return declares on the
 * invoice basis). Currencies are never added together: a row is one currency's. Pure.
 */

/** One month's subtotal of one tax at one rate in one currency. */
export interface TaxSubtotal {
  /** The month's first day within the period, YYYY-MM-DD (the period's first day for its first month). */
  periodStart: string;
  /** The month's last day within the period. */
  periodEnd: string;
  currency: string;
  tax: string;
  milliPercent: number;
  invoicedBaseCents: bigint;
  invoicedTaxCents: bigint;
  creditedBaseCents: bigint;
  creditedTaxCents: bigint;
}

/** The last day of a YYYY-MM month. */
function monthEnd(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** Base less what credit notes took off it: the return's base. */
export const netBase = (s: TaxSubtotal): bigint => s.invoicedBaseCents - s.creditedBaseCents;
/** Tax invoiced less tax credited: the tax collected. */
export const netTax = (s: TaxSubtotal): bigint => s.invoicedTaxCents - s.creditedTaxCents;

/**
 * Every document's taxes added up per month of its issue day, currency, tax and rate, in that order
 * (months, then currencies, then taxes by name and rate). `from` and `to` bound the first and last
 * month's days.
 */
export function taxSubtotals(documents: readonly TaxedDocument[], from: string, to: string): TaxSubtotal[] {
  const rows = new Map<string, TaxSubtotal>();
  for (const doc of documents) {
    const month = doc.date.slice(0, 7);
    for (const t of doc.taxes) {
      const key = `${month}|${doc.currency}|${t.name}|${t.milliPercent}`;
      let row = rows.get(key);
      if (!row) {
        const start = `${month}-01`;
        const end = monthEnd(month);
        row = {
          periodStart: start < from ? from : start,
          periodEnd: end > to ? to : end,
          currency: doc.currency,
          tax: t.name,
          milliPercent: t.milliPercent,
          invoicedBaseCents: 0n,
          invoicedTaxCents: 0n,
          creditedBaseCents: 0n,
          creditedTaxCents: 0n,
        };
        rows.set(key, row);
      }
      if (doc.kind === 'invoice') {
        row.invoicedBaseCents += t.baseCents;
        row.invoicedTaxCents += t.amountCents;
      } else {
        row.creditedBaseCents += t.baseCents;
        row.creditedTaxCents += t.amountCents;
      }
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      (a.periodStart < b.periodStart ? -1 : a.periodStart > b.periodStart ? 1 : 0) ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
      byNameAndRate({ name: a.tax, milliPercent: a.milliPercent }, { name: b.tax, milliPercent: b.milliPercent }),
  );
}

/** The tax subtotals csv's columns. */
export const TAX_SUBTOTAL_COLUMNS = [
  'period_start',
  'period_end',
  'currency',
  'tax',
  'rate',
  'invoiced_base',
  'invoiced_tax',
  'credited_base',
  'credited_tax',
  'base',
  'tax_collected',
] as const;

/** One subtotal's cells, in TAX_SUBTOTAL_COLUMNS order; the rate a percentage with the dialect's decimal mark ("9.975", "9,975"). */
export function taxSubtotalCells(s: TaxSubtotal, rules: CsvDialectRules): string[] {
  const amount = (cents: bigint) => fecAmount(cents, rules.decimalSeparator);
  return [
    s.periodStart,
    s.periodEnd,
    s.currency,
    // A tax's name is the studio's free text (a city's tax): never a formula.
    neutraliseFormula(s.tax),
    percentText(s.milliPercent).replace('.', rules.decimalSeparator),
    amount(s.invoicedBaseCents),
    amount(s.invoicedTaxCents),
    amount(s.creditedBaseCents),
    amount(s.creditedTaxCents),
    amount(netBase(s)),
    amount(netTax(s)),
  ];
}

/** The whole subtotals csv: BOM, header, a record per subtotal. */
export function taxSubtotalsCsv(subtotals: readonly TaxSubtotal[], rules: CsvDialectRules): string {
  return (
    '\ufeff' +
    csvLine(TAX_SUBTOTAL_COLUMNS, rules) +
    subtotals.map((s) => csvLine(taxSubtotalCells(s, rules), rules)).join('')
  );
}
