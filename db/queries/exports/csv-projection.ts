import { type ExportColumn } from '../../../domain/exports/columns';
import { type CsvDialectRules } from '../../../domain/exports/csv-dialect';
import { type ExportEntity } from '../../../domain/exports/export-kinds';
import { UUID_PATTERN } from '../../../domain/exports/export-file';
import { derivedSource, joinsFor } from './derived-columns';

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
function cellExpression(entity: ExportEntity, column: ExportColumn, rules: CsvDialectRules): string {
  const col = derivedSource(entity, column) ?? `t.${quotedIdentifier(column.key)}`;
  switch (column.type) {
    case 'text':
      // Every trigger sorts before 'A' byte-wise: most values (letters, accents) skip the exact test.
      return `CASE WHEN ${col} < 'A' COLLATE "C" AND left(${col}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${col} ELSE ${col} END`;
    case 'timestamp':
      // `2026-11-22 14:30:00`: the wall-clock time in the session's zone (csvSessionSettings), cut
      // to the minute, in PostgreSQL's own ISO output. `to_char` would drop the ":00", and
      // `AT TIME ZONE 'zone'` would look the zone up on every value: each cost about as much as
      // the rest of the COPY. date_bin floors by integer arithmetic from a minute-aligned origin,
      // the same value as date_trunc('minute', ...), which splits every value into its fields and
      // joins them again (about 0.2 s of PostgreSQL's 2.2 s over 1 M sessions).
      return `date_bin('1 minute', ${col}::timestamp, timestamp '2000-01-01')`;
    case 'date':
      return col;
    case 'money':
      return rules.decimalSeparator === '.'
        ? `${col}::text`
        : `replace(${col}::text, '.', ${literal(rules.decimalSeparator)})`;
    case 'id':
    case 'status':
      return `${col}::text`;
  }
}

/**
 * The settings the COPY runs under, local to its transaction: dates and timestamps print as ISO
 * (`2026-11-22`, `2026-11-22 14:30:00`) whatever the server's default, and timestamps convert to
 * the owner's zone. The zone is a bind parameter here, so it is never inlined.
 */
export function csvSessionSettings(timeZone: string): { text: string; values: string[] } {
  return {
    text: "SELECT set_config('DateStyle', 'ISO, YMD', true), set_config('TimeZone', $1, true)",
    values: [timeZone],
  };
}

/**
 * The `COPY (SELECT ...) TO STDOUT` statement of a csv export, run in the transaction that applied
 * csvSessionSettings. COPY takes no bind parameters, so the one value inlined, the owner id, is
 * checked here, again, against the uuid pattern; table and column names come from the catalogue only.
 */
export function csvCopyStatement(params: {
  entity: ExportEntity;
  ownerId: string;
  columns: readonly ExportColumn[];
  rules: CsvDialectRules;
}): string {
  const { entity, ownerId, columns, rules } = params;
  if (!UUID_PATTERN.test(ownerId)) throw new Error('ownerId must be a uuid');
  const projection = columns
    .map((c) => `${cellExpression(entity, c, rules)} AS ${quotedIdentifier(c.csvHeader)}`)
    .join(', ');
  // Qualified (t.): the output columns are named by headers, and ORDER BY prefers output names.
  const select = `SELECT ${projection} FROM ${quotedIdentifier(entity)} AS t${joinsFor(entity, columns)} WHERE t.owner_id = ${literal(ownerId)} ORDER BY t.created_at, t.id`;
  return `COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER true, DELIMITER ${literal(rules.delimiter)}, ENCODING 'UTF8')`;
}
