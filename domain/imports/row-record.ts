/** One file row as read: column header → cell text (empty cells are ''). */
export type RawRow = Record<string, string>;

/**
 * Turns a raw row into target field → value through a mapping. When several columns map to one
 * field (the third-party layout's "E-mail 1 - Value", "E-mail 2 - Value"), the first non-empty
 * cell in column order wins. Cells are trimmed; empty cells are left out.
 */
export function recordFromRow(row: RawRow, mapping: Record<string, string>, headers: readonly string[]): Record<string, string> {
  const record = new Map<string, string>();
  for (const header of headers) {
    if (!Object.prototype.hasOwnProperty.call(mapping, header)) continue;
    const target = mapping[header];
    const cell = Object.prototype.hasOwnProperty.call(row, header) ? String(row[header] ?? '').trim() : '';
    if (cell !== '' && !record.has(target)) record.set(target, cell);
  }
  return Object.fromEntries(record);
}

/**
 * Splits a full name into first and last name: the last word is the last name, the rest the
 * first name; a single word is a first name. Used only when both names are absent.
 */
export function splitFullName(fullName: string): { first_name?: string; last_name?: string } {
  const words = fullName.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return {};
  if (words.length === 1) return { first_name: words[0] };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}
