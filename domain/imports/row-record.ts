/** One file row as read: column header → cell text (empty cells are ''). */
export type RawRow = Record<string, string>;

/**
 * Turns a row's cells (in column order) into target field → value through a mapping, compiled once
 * per file. When several columns map to one field (the third-party layout's "E-mail 1 - Value",
 * "E-mail 2 - Value"), the first non-empty cell in column order wins; a header that appears twice
 * reads its first column. Cells are trimmed; empty cells are left out.
 */
export function rowMapper(
  mapping: Record<string, string>,
  headers: readonly string[],
): (values: readonly string[]) => Record<string, string> {
  const columns: [number, string][] = [];
  headers.forEach((header) => {
    if (Object.prototype.hasOwnProperty.call(mapping, header)) columns.push([headers.indexOf(header), mapping[header]]);
  });
  return (values) => {
    // Targets are the entity's field names (checked when the mapping was made): plain keys.
    const record: Record<string, string> = {};
    for (const [column, target] of columns) {
      const cell = (values[column] ?? '').trim();
      if (cell !== '' && record[target] === undefined) record[target] = cell;
    }
    return record;
  };
}

/** The same for one row given as column header → cell text. */
export function recordFromRow(
  row: RawRow,
  mapping: Record<string, string>,
  headers: readonly string[],
): Record<string, string> {
  const first = new Map<string, string>();
  for (const header of headers)
    if (!first.has(header))
      first.set(header, Object.prototype.hasOwnProperty.call(row, header) ? String(row[header] ?? '') : '');
  return rowMapper(mapping, headers)(headers.map((h) => first.get(h) ?? ''));
}

/**
 * Splits a full name into first and last name: the last word is the last name, the rest the
 * first name; a single word is a first name. Used only when both names are absent.
 */
export function splitFullName(fullName: string): { first_name?: string; last_name?: string } {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return {};
  if (words.length === 1) return { first_name: words[0] };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}
