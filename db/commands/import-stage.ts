import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Transaction } from 'sequelize';

/**
 * The staging table of an import batch: a temporary table of the connection (no WAL, no index, no
 * constraint), emptied by PostgreSQL at the commit of every transaction that used it. A batch's
 * records are copied into it (COPY is the cheapest way into PostgreSQL: no JSON to build in Node
 * nor to parse in the database), then one statement reads it to insert, update and log
 * (write-import-batch.ts).
 */
export function stageTable(entity: string): string {
  return `import_stage_${entity}`;
}

/** Connections known to hold a committed staging table, per table name. */
const staged = new WeakMap<object, Set<string>>();

/** The pg client under a Sequelize transaction (Sequelize keeps it there while the transaction runs). */
export function clientOf(transaction: Transaction): ClientBase {
  return (transaction as unknown as { connection: ClientBase }).connection;
}

/**
 * Creates the staging table on this connection unless it already holds it. A table created in a
 * transaction that then rolls back is gone, so the connection is only remembered once the caller
 * committed (`markStaged`); until then the statement is `IF NOT EXISTS`.
 */
export async function ensureStage(client: ClientBase, table: string, columns: string): Promise<void> {
  if (staged.get(client)?.has(table)) return;
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS ${table} (${columns}) ON COMMIT DELETE ROWS`);
}

/** After the commit: this connection holds the staging table for good. */
export function markStaged(client: ClientBase, table: string): void {
  const tables = staged.get(client) ?? new Set<string>();
  tables.add(table);
  staged.set(client, tables);
}

/** Characters COPY's text format escapes inside a value. */
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value in COPY's text format, as jsonb_to_recordset read the same value from JSON before:
 * null and undefined are NULL, dates their ISO instant, booleans t/f, numbers their decimal text.
 */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'object') return copyText(JSON.stringify(value));
  return String(value as number);
}

/** Copies records into the staging table, `names` in order (a missing field is NULL). */
export async function copyIntoStage(
  client: ClientBase,
  table: string,
  names: readonly string[],
  records: readonly Record<string, unknown>[],
): Promise<void> {
  const lines: string[] = [];
  for (const record of records) lines.push(names.map((n) => copyText(record[n])).join('\t'));
  lines.push('');
  const copy = client.query(copyFrom(`COPY ${table} (${names.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from([lines.join('\n')]), copy);
}
