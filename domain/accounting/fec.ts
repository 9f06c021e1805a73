import { JOURNALS, type JournalEntry } from './entries';

/**
 * The French FEC (Fichier des écritures comptables, article A47 A-1 of the Livre des procédures
 * fiscales): one line per entry line, these 18 columns in this order, tab-separated, a header
 * line of the column names, dates as YYYYMMDD, amounts with a decimal comma and no thousands
 * separator. Pure: the activity streams what these functions answer.
 */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** Lines end with CRLF, as the administration's own test tool (Test Compta Demat) reads them. */
export const FEC_LINE_END = '\r\n';

/** Cents as `1234,56` (`-0,50` below 0): decimal comma, no thousands separator. */
export function fecAmount(cents: bigint, decimalSeparator: '.' | ',' = ','): string {
  // One conversion to digits, no bigint division: this runs twice per line of a 100 000-line file.
  if (cents === 0n) return `0${decimalSeparator}00`;
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}${decimalSeparator}${digits.slice(-2)}`;
}

/** YYYY-MM-DD as YYYYMMDD. */
export function fecDate(isoDay: string): string {
  return isoDay.slice(0, 4) + isoDay.slice(5, 7) + isoDay.slice(8, 10);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u001f\u007f]/;

/** A free text cell: no tab, line break or control character may split a record. */
export function fecText(text: string | null | undefined): string {
  if (!text) return '';
  return HAS_CONTROL.test(text) ? text.replace(CONTROL, ' ').trim() : text.trim();
}

/** The file name the administration asks for: `<SIREN>FEC<YYYYMMDD of the period's end>.txt`. */
export function fecFileName(siren: string, periodEnd: string): string {
  return `${siren}FEC${fecDate(periodEnd)}.txt`;
}

/**
 * The lines of one entry as FEC records (FEC_COLUMNS order, each ending with FEC_LINE_END), built
 * as one string: an export of 100 000 lines makes no array per cell.
 */
export function fecEntryText(entry: JournalEntry): string {
  const journal = JOURNALS[entry.journal];
  const day = fecDate(entry.date);
  // Entries come from issued, immutable documents: they are validated on the day they record.
  const head = `${journal.code}\t${journal.label}\t${entry.number}\t${day}\t`;
  const piece = `\t${fecText(entry.pieceRef)}\t${fecDate(entry.pieceDate)}\t`;
  const tail = `\t\t\t${day}\t\t${FEC_LINE_END}`;
  let text = '';
  for (const l of entry.lines) {
    // Account labels are this module's own words and a rate: nothing to clean.
    text += `${head}${l.account}\t${l.accountLabel}\t${fecText(l.auxAccount)}\t${fecText(l.auxLabel)}${piece}${fecText(l.label)}\t${fecAmount(l.debitCents)}\t${fecAmount(l.creditCents)}${tail}`;
  }
  return text;
}

/** The header and the lines of `entries` as FEC text. */
export function fecDocument(entries: readonly JournalEntry[]): string {
  return FEC_COLUMNS.join('\t') + FEC_LINE_END + entries.map(fecEntryText).join('');
}
