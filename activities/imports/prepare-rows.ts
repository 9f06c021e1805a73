import { type ownedIds } from '../../db/queries/import-matches';
import { type Bound } from '../db-deps';
import { type CellDateTime } from '../../domain/imports/cell-values';
import { matchKeys } from '../../domain/imports/match-keys';
import { validateRow } from '../../domain/imports/row-validation';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { instantOf } from '../../domain/imports/zoned-time';
import { sessionTypeDefaults } from '../../domain/sessions/session-type-defaults';
import {
  findSessionTypeByName,
  type NamedSessionType,
  type SessionTypesByName,
} from '../../domain/sessions/session-type-names';
import { cellsByHeader, type SheetRow } from '../../domain/imports/sheet';
import { ASSIGNMENT_CELLS, assignmentsFromCells, type MembersByEmail } from '../../domain/teams/assignment-cells';
import { type Assignment } from '../../domain/teams/assignments';
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
 * query per relation and batch. A session's `session_type` names one of `sessionTypes` (the
 * studio's own and the system types, read once per import): an unknown name is an error on its
 * line, a known one becomes the session's `user_session_type_id` with the type's defaults.
 */
export async function prepareRows(
  db: { ownedIds: Bound<typeof ownedIds> },
  input: {
    entity: ImportEntity;
    ownerId: string;
    timeZone: string;
    headers: readonly string[];
    rows: readonly SheetRow[];
    toRecord: (values: readonly string[]) => Record<string, string>;
    sessionTypes?: SessionTypesByName;
    /** The studio's members by address, read once per import when a column maps to a role on the session. */
    members?: MembersByEmail;
  },
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
    owned.set(field, await db.ownedIds(table, input.ownerId, ids));
  }
  const rows: PreparedRow[] = [];
  for (const v of valid) {
    const foreign = RELATIONS.filter(
      ([field]) => typeof v.value[field] === 'string' && !owned.get(field)?.has(v.value[field] as string),
    );
    const problems = foreign.map(([field, , noun]) => `${field} ${String(v.value[field])} is not one of your ${noun}`);
    const typeName = typeof v.value.session_type === 'string' ? v.value.session_type : undefined;
    const match =
      typeName === undefined || !input.sessionTypes ? undefined : findSessionTypeByName(input.sessionTypes, typeName);
    if (match?.kind === 'unknown') problems.push(`session_type "${typeName}" is not one of your session types`);
    if (match?.kind === 'ambiguous')
      problems.push(
        `session_type "${typeName}" names ${match.types.length} of your session types (${match.types.map((t) => `"${t.name}"`).join(', ')}): rename all but one`,
      );
    const type = match?.kind === 'found' ? match.type : undefined;
    const members = input.members ? assignmentsFromCells(v.value, input.members) : undefined;
    problems.push(...(members?.problems ?? []));
    if (problems.length > 0) {
      errors.push({ line: v.line, message: problems.join('; '), row: cellsByHeader(headers, v.cells) });
      continue;
    }
    rows.push({
      line: v.line,
      values: toColumns(entity, v.value, timeZone, type, members?.assignments),
      keys: matchKeys(entity, v.value, timeZone),
      cells: v.cells,
    });
  }
  return { rows, errors };
}

/**
 * Validated values as columns: session date-times become instants in the studio's zone; a
 * session's type name becomes its `user_session_type_id`, with the type's default workflow and
 * questionnaire (sessionTypeDefaults, as the API gives them; db/commands/write-import-batch.ts
 * keeps a stored session's own questionnaire, and its workflow unless its type changes); its
 * members' addresses become `assigned`, the members that replace the session's.
 */
function toColumns(
  entity: ImportEntity,
  value: Record<string, unknown>,
  timeZone: string,
  type: NamedSessionType | undefined,
  assigned: Assignment[] | undefined,
): Record<string, unknown> {
  if (entity !== 'sessions') return value;
  const { session_type: _name, ...columns } = value;
  // The row's members, written beside the session (db/commands/write-import-batch.ts) in place of
  // their cells; none named: kept.
  for (const cell of Object.keys(ASSIGNMENT_CELLS)) delete columns[cell];
  if (assigned) columns.assigned = assigned;
  for (const field of ['start_date', 'end_date']) {
    if (value[field]) columns[field] = instantOf(value[field] as CellDateTime, timeZone);
  }
  if (type) Object.assign(columns, { user_session_type_id: type.id }, sessionTypeDefaults(type));
  return columns;
}
