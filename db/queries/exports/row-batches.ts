import { type ClientBase } from 'pg';
import { type ExportColumn } from '../../../domain/exports/columns';
import { type ExportEntity } from '../../../domain/exports/export-kinds';
import { quotedIdentifier } from './csv-projection';
import { derivedSource, joinsFor } from './derived-columns';

/** Rows per read (spec: above 5000 records, batches of 1000). */
export const ROW_BATCH_SIZE = 1000;

/**
 * How a column is read for typed writers. `wallClock`: timestamps and dates as the epoch
 * seconds of their wall-clock time in the zone (read as UTC, they give excel's zone-less time);
 * `text`: formatted as the csv writes them (pdf).
 */
export type ReadMode = 'wallClock' | 'text';

function selectExpression(entity: ExportEntity, column: ExportColumn, mode: ReadMode): string {
  const col = derivedSource(entity, column) ?? `t.${quotedIdentifier(column.key)}`;
  switch (column.type) {
    case 'timestamp':
      return mode === 'wallClock'
        ? `extract(epoch from ${col} AT TIME ZONE $2)::float8`
        : `to_char(${col} AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI')`;
    case 'date':
      return mode === 'wallClock' ? `extract(epoch from ${col}::timestamp)::float8` : `to_char(${col}, 'YYYY-MM-DD')`;
    case 'money':
      // Amounts are decimal(10,2): a float8 holds every one of them exactly enough to show two decimals.
      return mode === 'wallClock' ? `${col}::float8` : `${col}::text`;
    default:
      return `${col}::text`;
  }
}

/**
 * The owner's rows, `ROW_BATCH_SIZE` at a time, by keyset pagination on (created_at, id), with
 * bind parameters: each batch is an index range scan, whatever the depth (OFFSET would rescan
 * everything before). The cursor is read as text so no microsecond is lost between batches.
 * Yields arrays of cells, in the order of `columns`; the next batch is already being read meanwhile.
 */
export async function* readRowBatches(
  client: ClientBase,
  params: { entity: ExportEntity; ownerId: string; columns: readonly ExportColumn[]; timeZone: string; mode: ReadMode },
): AsyncGenerator<unknown[][]> {
  const { entity, ownerId, columns, timeZone, mode } = params;
  // Output columns get neutral names, and the order and cursor name the table's columns (t.): a bare
  // `created_at` in ORDER BY would otherwise bind to an output column of the same name.
  const cells = columns.map((c, i) => `${selectExpression(entity, c, mode)} AS c${i}`).join(', ');
  const width = columns.length;
  // PostgreSQL refuses a parameter no statement uses: the zone is $2 only when a timestamp needs it.
  const fixed = columns.some((c) => c.type === 'timestamp') ? [ownerId, timeZone] : [ownerId];
  const statement = (after: boolean) =>
    `SELECT ${cells}, t.created_at::text AS cursor_at, t.id AS cursor_id FROM ${quotedIdentifier(entity)} AS t${joinsFor(entity, columns)} WHERE t.owner_id = $1` +
    (after ? ` AND (t.created_at, t.id) > ($${fixed.length + 1}::timestamptz, $${fixed.length + 2}::uuid)` : '') +
    ` ORDER BY t.created_at, t.id LIMIT ${ROW_BATCH_SIZE}`;
  const first = statement(false);
  const next = statement(true);
  const read = async (cursor?: unknown[]) =>
    (
      await client.query<unknown[]>({
        text: cursor ? next : first,
        values: cursor ? [...fixed, ...cursor] : fixed,
        rowMode: 'array',
      })
    ).rows;
  let pending = read();
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    const more = rows.length === ROW_BATCH_SIZE;
    if (more) {
      // The next batch is read while the caller writes this one: PostgreSQL and the writer overlap,
      // and at most two batches are in memory.
      const last = rows[rows.length - 1];
      pending = read([last[width], last[width + 1]]);
      // A caller that stops early (an error) leaves it unread; its failure is not news then.
      pending.catch(() => undefined);
    }
    yield rows;
    if (!more) return;
  }
}
