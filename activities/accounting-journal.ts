import { type JournalPeriodRows } from '../db/queries/accounting-export';
import { type AccountingAccounts } from '../domain/accounting/accounts';
import { type CurrencyMovement, currencyJournal, journalCsvChunks } from '../domain/accounting/journal-csv';
import { clientCode } from '../domain/accounting/period';
import {
  legacyTaxName,
  taxAmountTaxes,
  type TaxedDocument,
  taxPartTaxes,
  vatTaxes,
} from '../domain/accounting/tax-documents';
import { taxSubtotals, taxSubtotalsCsv } from '../domain/accounting/tax-subtotals';
import { CSV_DIALECT_RULES } from '../domain/exports/csv-dialect';
import { type AccountingExportPayload } from '../workflows/accounting-export/contract';

/**
 * The journal csv and the tax subtotals of a period (issue 30 §2, docs/accounting-export.md), from
 * the rows of readJournalPeriod: the part of renderAccountingExport that is not the FEC's.
 */

/** The formats written from the journal's reads. */
export const isJournalFormat = (format: AccountingExportPayload['format']): boolean =>
  format === 'journal' || format === 'tax_summary';

/** A contact's auxiliary account, worked out once per contact (a studio's clients come back on many rows). */
export function clientCodes(): (contactId: string | null) => string | null {
  const codes = new Map<string, string | null>();
  return (contactId) => {
    if (!contactId) return null;
    let code = codes.get(contactId);
    if (code === undefined) codes.set(contactId, (code = clientCode(contactId)));
    return code;
  };
}

/** The period's documents and ledger rows in their currencies; `country` (ISO code) names the tax of `vat_percentage` documents. */
export function journalSources(
  rows: JournalPeriodRows,
  country: string | null,
): { documents: TaxedDocument[]; movements: CurrencyMovement[] } {
  const codeOf = clientCodes();
  const taxName = legacyTaxName(country);
  const documents: TaxedDocument[] = [
    ...rows.invoices.map((i) => ({
      kind: 'invoice' as const,
      number: i.number,
      date: i.day,
      currency: i.currency,
      clientName: i.buyer_name ?? '',
      clientCode: codeOf(i.contact_id),
      ...(i.tax_amounts ? taxAmountTaxes(i.amount, i.tax_amounts) : vatTaxes(i.vat_amounts, taxName)),
    })),
    ...rows.creditNotes.map((c) => ({
      kind: 'credit_note' as const,
      number: c.number,
      invoiceNumber: c.invoice_number,
      date: c.day,
      currency: c.currency,
      clientName: c.buyer_name ?? '',
      clientCode: codeOf(c.contact_id),
      ...(c.tax_parts ? taxPartTaxes(c.tax_parts) : vatTaxes(c.vat_parts, taxName)),
    })),
  ];
  const movements = rows.movements.map((m) => ({
    kind: m.kind,
    method: m.method,
    amountCents: BigInt(m.amount_cents),
    date: m.day,
    invoiceNumber: m.invoice_number,
    reference: m.reference,
    id: m.id,
    currency: m.currency,
    clientName: m.buyer_name ?? '',
    clientCode: codeOf(m.contact_id),
  }));
  return { documents, movements };
}

/**
 * The journal csv or the tax subtotals csv, a chunk at a time, in the studio's csv dialect; `count`
 * holds its entries and lines (subtotals: rows) once the last chunk is out.
 */
export function* journalFileChunks(
  rows: JournalPeriodRows,
  country: string | null,
  accounts: AccountingAccounts,
  payload: Pick<AccountingExportPayload, 'format' | 'csvDialect' | 'from' | 'to'>,
  count: { entries: number; lines: number },
): Generator<string> {
  const { documents, movements } = journalSources(rows, country);
  const rules = CSV_DIALECT_RULES[payload.csvDialect];
  if (payload.format === 'tax_summary') {
    const subtotals = taxSubtotals(documents, payload.from, payload.to);
    yield taxSubtotalsCsv(subtotals, rules);
    count.entries = subtotals.length;
    count.lines = subtotals.length;
    return;
  }
  const entries = currencyJournal(documents, movements, accounts);
  yield* journalCsvChunks(entries, rules);
  count.entries = entries.length;
  count.lines = entries.reduce((sum, e) => sum + e.lines.length, 0);
}

/** The file's name: `journal-<from>-<to>.csv`, `tax-summary-<from>-<to>.csv`. */
export const journalFileName = (payload: Pick<AccountingExportPayload, 'format' | 'from' | 'to'>): string =>
  `${payload.format === 'tax_summary' ? 'tax-summary' : 'journal'}-${payload.from}-${payload.to}.csv`;
