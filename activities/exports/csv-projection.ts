import { type ExportColumn } from '../../domain/exports/columns';
import { type CsvDialectRules } from '../../domain/exports/csv-dialect';
import { type ExportEntity } from '../../domain/exports/export-kinds';
import { TIME_ZONE_PATTERN, UUID_PATTERN } from '../../domain/exports/export-file';

/** An SQL string literal; only for values already checked against a strict pattern. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A quoted identifier, so a header such as `First Name` names the column of the csv header row. */
export function quotedIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * One column of the csv projection: PostgreSQL formats the cell, so Node only moves bytes.
 * Text is neutralised as domain/exports/cell-format.ts#neutraliseFormula does (same triggers);
 * amounts are left alone, so `-5.00` stays a number.
 */
function cellExpression(column: ExportColumn, timeZone: string, rules: CsvDialectRules): string {
  const col = `t.${quotedIdentifier(column.key)}`;
  switch (column.type) {
    case 'text':
      return `CASE WHEN left(${col}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${col} ELSE ${col} END`;
    case 'timestamp':
      // `2026-11-22 14:30:00`: PostgreSQL's own ISO output of the wall-clock time, cut to the minute.
      // to_char would drop the ":00" but costs about as much as the whole rest of the COPY.
      return `date_trunc('minute', ${col} AT TIME ZONE ${literal(timeZone)})`;
    case 'date':
      return col;
    case 'money':
      return rules.decimalSeparator === '.' ? `${col}::text` : `replace(${col}::text, '.', ${literal(rules.decimalSeparator)})`;
    case 'id':
    case 'status':
      return `${col}::text`;
  }
}

/** Dates and timestamps print as ISO (`2026-11-22`, `2026-11-22 14:30:00`) whatever the server's default. */
export const CSV_SESSION_SETTINGS = "SET LOCAL DateStyle = 'ISO, YMD'";

/**
 * The `COPY (SELECT ...) TO STDOUT` statement of a csv export, run after CSV_SESSION_SETTINGS. COPY takes no bind parameters, so
 * the two values inlined are checked here, again, against strict patterns (the caller has also
 * checked the zone against pg_timezone_names); table and column names come from the catalogue only.
 */
export function csvCopyStatement(params: { entity: ExportEntity; ownerId: string; columns: readonly ExportColumn[]; timeZone: string; rules: CsvDialectRules }): string {
  const { entity, ownerId, columns, timeZone, rules } = params;
  if (!UUID_PATTERN.test(ownerId)) throw new Error('ownerId must be a uuid');
  if (!TIME_ZONE_PATTERN.test(timeZone)) throw new Error('timeZone must be an IANA zone name');
  const projection = columns.map((c) => `${cellExpression(c, timeZone, rules)} AS ${quotedIdentifier(c.csvHeader)}`).join(', ');
  // Qualified (t.): the output columns are named by headers, and ORDER BY prefers output names.
  const select = `SELECT ${projection} FROM ${quotedIdentifier(entity)} AS t WHERE t.owner_id = ${literal(ownerId)} ORDER BY t.created_at, t.id`;
  return `COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER true, DELIMITER ${literal(rules.delimiter)}, ENCODING 'UTF8')`;
}
