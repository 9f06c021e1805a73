/** One data row of an uploaded file: its line in the file (header is line 1) and its cells by header. */
export interface SheetRow {
  line: number;
  cells: Record<string, string>;
}

/** An uploaded file as read: the header row and the non-empty data rows. */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
  /** The csv delimiter found (csv only), so the error file is written the same way. */
  delimiter?: string;
}

/** Cells by header; a duplicated header keeps its first column, as the mapping does. */
export function cellsByHeader(headers: readonly string[], values: readonly string[]): Record<string, string> {
  const cells = new Map<string, string>();
  headers.forEach((h, i) => {
    if (h !== '' && !cells.has(h)) cells.set(h, values[i] ?? '');
  });
  return Object.fromEntries(cells);
}
