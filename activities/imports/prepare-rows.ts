import { type Sequelize } from 'sequelize-typescript';
import { ownedIds } from '../../db/queries/import-matches';
import { type CellDateTime } from '../../domain/imports/cell-values';
import { matchKeys } from '../../domain/imports/match-keys';
import { validateRow } from '../../domain/imports/row-validation';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { instantOf } from '../../domain/imports/zoned-time';
import { cellsByHeader, type SheetRow } from '../../domain/imports/sheet';
import { type ImportRowError } from '../../workflows/imports/contract';

/** A row that passed validation: its columns as stored and its match keys. */
export interface PreparedRow {
  line: number;
  values: Record<string, unknown>;
  keys: string[];
  /** The row's cells as read, in column order (for the error report). */
  cells: string[];
}

const RELATIONS = [
  ['contact_id', 'contacts', 'contacts'],
  ['session_id', 'sessions', 'sessions'],
  ['quote_id', 'quotes', 'quotes'],
] as const;

/**
 * Maps (`toRecord`: domain/imports/row-record.ts#rowMapper, compiled once per file) and validates
 * the rows of one batch, then checks that their relation ids name the owner's
 * own records (someone else's contact id is an error on that line, never a silent link): one
 * query per relation and batch.
 */
export async function prepareRows(
  sequelize: Sequelize,
  input: { entity: ImportEntity; ownerId: string; timeZone: string; headers: readonly string[]; rows: readonly SheetRow[]; toRecord: (values: readonly string[]) => Record<string, string> },
): Promise<{ rows: PreparedRow[]; errors: ImportRowError[] }> {
  const { entity, headers, timeZone } = input;
  const errors: ImportRowError[] = [];
  const valid: { line: number; value: Record<string, unknown>; cells: string[] }[] = [];
  for (const row of input.rows) {
    if (row.problem) {
      errors.push({ line: row.line, message: row.problem, row: cellsByHeader(headers, row.values) });
      continue;
    }
    const result = validateRow(entity, input.toRecord(row.values), timeZone);
    if (result.ok) valid.push({ line: row.line, value: result.value as Record<string, unknown>, cells: row.values });
    else errors.push({ line: row.line, message: result.message, row: cellsByHeader(headers, row.values) });
  }
  const owned = new Map<string, Set<string>>();
  for (const [field, table] of RELATIONS) {
    const ids = [...new Set(valid.map((v) => v.value[field]).filter((id): id is string => typeof id === 'string'))];
    owned.set(field, await ownedIds(sequelize, table, input.ownerId, ids));
  }
  const rows: PreparedRow[] = [];
  for (const v of valid) {
    const foreign = RELATIONS.filter(([field]) => typeof v.value[field] === 'string' && !owned.get(field)?.has(v.value[field] as string));
    if (foreign.length > 0) {
      errors.push({ line: v.line, message: foreign.map(([field, , noun]) => `${field} ${String(v.value[field])} is not one of your ${noun}`).join('; '), row: cellsByHeader(headers, v.cells) });
      continue;
    }
    rows.push({ line: v.line, values: toColumns(entity, v.value, timeZone), keys: matchKeys(entity, v.value, timeZone), cells: v.cells });
  }
  return { rows, errors };
}

/** Validated values as columns: session date-times become instants in the studio's zone. */
function toColumns(entity: ImportEntity, value: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  if (entity !== 'sessions') return value;
  const columns = { ...value };
  for (const field of ['start_date', 'end_date']) {
    if (value[field]) columns[field] = instantOf(value[field] as CellDateTime, timeZone);
  }
  return columns;
}
