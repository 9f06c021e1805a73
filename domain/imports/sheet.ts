/**
 * One data row of an uploaded file: its line in the file (header is line 1) and its cells in
 * column order (cellsByHeader names them, for the rows an answer shows).
 */
export interface SheetRow {
  line: number;
  values: string[];
  /** Why the row could not be read as the file meant it (a csv quote never closed): an error on its line. */
  problem?: string;
}

/** An uploaded file as read whole (spreadsheets): the header row and the non-empty data rows. */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
  /** The csv delimiter found (csv only), so the error file is written the same way. */
  delimiter?: string;
}

/**
 * An uploaded file opened for reading row by row: the header row (empty when the file has none)
 * and the non-empty data rows as they are read. `close()` stops reading early.
 */
export interface SheetRows {
  headers: string[];
  rows: AsyncGenerator<SheetRow>;
  delimiter?: string;
  close(): void;
}

/** Cells by header; a duplicated header keeps its first column, as the mapping does. */
export function cellsByHeader(headers: readonly string[], values: readonly string[]): Record<string, string> {
  const cells = new Map<string, string>();
  headers.forEach((h, i) => {
    if (h !== '' && !cells.has(h)) cells.set(h, values[i] ?? '');
  });
  return Object.fromEntries(cells);
}
