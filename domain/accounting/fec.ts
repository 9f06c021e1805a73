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
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}${decimalSeparator}${(abs % 100n).toString().padStart(2, '0')}`;
}

/** YYYY-MM-DD as YYYYMMDD. */
export function fecDate(isoDay: string): string {
  return isoDay.replaceAll('-', '');
}

/** A free text cell: no tab, line break or control character may split a record. */
export function fecText(text: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (text ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** The file name the administration asks for: `<SIREN>FEC<YYYYMMDD of the period's end>.txt`. */
export function fecFileName(siren: string, periodEnd: string): string {
  return `${siren}FEC${fecDate(periodEnd)}.txt`;
}

/** The cells of every line of one entry, in FEC_COLUMNS order. */
export function fecRows(entry: JournalEntry): string[][] {
  const journal = JOURNALS[entry.journal];
  return entry.lines.map((l) => [
    journal.code,
    journal.label,
    String(entry.number),
    fecDate(entry.date),
    l.account,
    fecText(l.accountLabel),
    fecText(l.auxAccount),
    fecText(l.auxLabel),
    fecText(entry.pieceRef),
    fecDate(entry.pieceDate),
    fecText(l.label),
    fecAmount(l.debitCents),
    fecAmount(l.creditCents),
    '',
    '',
    // Entries come from issued, immutable documents: they are validated on the day they record.
    fecDate(entry.date),
    '',
    '',
  ]);
}

/** The header and the lines of `entries` as FEC text. */
export function fecDocument(entries: readonly JournalEntry[]): string {
  return [FEC_COLUMNS.join('\t'), ...entries.flatMap((e) => fecRows(e).map((cells) => cells.join('\t')))].map((l) => l + FEC_LINE_END).join('');
}
