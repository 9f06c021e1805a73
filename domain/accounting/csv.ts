import { neutraliseFormula } from '../exports/cell-format';
import { type CsvDialectRules } from '../exports/csv-dialect';
import { JOURNALS, type JournalEntry } from './entries';
import { FEC_COLUMNS, fecAmount } from './fec';

/**
 * The plain csv of an accounting export, with the project's csv conventions (domain/exports,
 * docs/exports.md): the studio's dialect (comma and dot, or semicolon and decimal comma), CRLF,
 * a UTF-8 BOM, formulas neutralised in text cells, ISO dates. Its columns are the FEC's first 13.
 */
export const CSV_COLUMNS = FEC_COLUMNS.slice(0, 13);

/** A cell quoted as RFC 4180 says when it holds the delimiter, a quote or a line break. */
export function csvCell(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The cells of every line of one entry, in CSV_COLUMNS order. */
export function csvRows(entry: JournalEntry, rules: CsvDialectRules): string[][] {
  const journal = JOURNALS[entry.journal];
  const text = (value: string | null) => neutraliseFormula(value ?? '');
  return entry.lines.map((l) => [
    journal.code,
    journal.label,
    String(entry.number),
    entry.date,
    l.account,
    text(l.accountLabel),
    text(l.auxAccount),
    text(l.auxLabel),
    text(entry.pieceRef),
    entry.pieceDate,
    text(l.label),
    fecAmount(l.debitCents, rules.decimalSeparator),
    fecAmount(l.creditCents, rules.decimalSeparator),
  ]);
}

/** One csv record: cells quoted as needed, joined by the delimiter, CRLF. */
export function csvLine(cells: readonly string[], rules: CsvDialectRules): string {
  return cells.map((c) => csvCell(c, rules.delimiter)).join(rules.delimiter) + '\r\n';
}
