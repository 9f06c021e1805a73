/**
 * How a csv export is written. `rfc4180` (default): comma, dot decimals, CRLF, quotes as RFC 4180
 * says. `excel-fr`: what a French-locale spreadsheet opens without an import wizard: semicolon
 * separator, decimal comma. Both start with a UTF-8 BOM so accents open right; neither writes a
 * `sep=` line (it would show as a row in other tools).
 */
export const CSV_DIALECTS = ['rfc4180', 'excel-fr'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];

export interface CsvDialectRules {
  delimiter: ',' | ';';
  decimalSeparator: '.' | ',';
}

/** How every dialect ends a record (a line break inside a quoted field stays as the user typed it). */
export const CSV_RECORD_END = '\r\n';
/** The UTF-8 byte order mark every dialect's file starts with: spreadsheet apps then read accents right. */
export const CSV_BOM = '\uFEFF';

export const CSV_DIALECT_RULES: Record<CsvDialect, CsvDialectRules> = {
  rfc4180: { delimiter: ',', decimalSeparator: '.' },
  'excel-fr': { delimiter: ';', decimalSeparator: ',' },
};
