import { type ClientBase } from 'pg';
import { type ExportColumn } from '../../../domain/exports/columns';
import { type CsvDialectRules } from '../../../domain/exports/csv-dialect';
import { type ExportEntity } from '../../../domain/exports/export-kinds';
import { CopyOutRecords, type CopyOutOptions } from './copy-out-records';
import { csvCopyStatement, csvSessionSettings, quotedIdentifier } from './csv-projection';

/**
 * Streams the owner's rows of an entity as csv out of PostgreSQL (`COPY (SELECT ...) TO STDOUT`,
 * every cell formatted by the database, see csv-projection.ts) into `consume`, in one read-only
 * transaction: the local settings end with it, so the pooled connection keeps its own. The
 * records end with `output.recordEnd`, after `output.preamble` (copy-out-records.ts). Answers how
 * many rows were copied.
 */
export async function copyCsvRows(
  client: ClientBase,
  query: {
    entity: ExportEntity;
    ownerId: string;
    columns: readonly ExportColumn[];
    rules: CsvDialectRules;
    timeZone: string;
  },
  output: CopyOutOptions,
  // The one allowed callback: a read-only COPY streamed as it is read (no row lock, no write);
  // holding the file whole in memory instead would cost the worker's memory (docs/performance.md).
  // eslint-disable-next-line no-restricted-syntax
  consume: (copy: CopyOutRecords) => Promise<void>,
): Promise<number> {
  const statement = csvCopyStatement({
    entity: query.entity,
    ownerId: query.ownerId,
    columns: query.columns,
    rules: query.rules,
  });
  await client.query('BEGIN READ ONLY');
  await client.query(csvSessionSettings(query.timeZone));
  const copy = client.query(new CopyOutRecords(statement, output));
  await consume(copy);
  await client.query('COMMIT');
  return copy.rowCount;
}

/** How many rows of an entity the owner has (the pdf export's size check). */
export async function countExportRows(client: ClientBase, entity: ExportEntity, ownerId: string): Promise<number> {
  const counted = await client.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM ${quotedIdentifier(entity)} WHERE owner_id = $1`,
    [ownerId],
  );
  return counted.rows[0].rows;
}

/** The owner's company name for an export's heading, or null before any company profile. */
export async function findExportCompanyName(client: ClientBase, ownerId: string): Promise<string | null> {
  const company = await client.query<{ company_name: string }>(
    'SELECT company_name FROM user_company WHERE user_id = $1',
    [ownerId],
  );
  return company.rows[0]?.company_name ?? null;
}
