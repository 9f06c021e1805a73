import { type Sequelize } from 'sequelize-typescript';
import { type RowRefusal } from '../../domain/imports/refusal-message';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { type ImportWrite, writeImportBatch } from './write-import-batch';

/** A line the database refused (`refusal`), or one left out because its record's first line was. */
export interface RefusedLine {
  line: number;
  refusal?: RowRefusal;
  /** The line that was to create this line's record and was refused. */
  sameAsLine?: number;
}

/** What the batch did: its lines written, less the refused ones. */
export interface ImportLinesOutcome {
  created: number;
  changed: number;
  refused: RefusedLine[];
  /** True when the batch statement was refused and the lines were written one by one. */
  rowByRow: boolean;
}

/**
 * Writes one batch of an import (writeImportBatch: one statement, one transaction). When
 * PostgreSQL refuses the batch because of a row's data (a SQLSTATE of class 22 or 23: a CHECK, a
 * foreign key, a length), nothing of it was written; the lines are then written one by one, in
 * file order, each in its own statement with its import_row_writes line, so the refused lines are
 * the only ones left out and every other line is imported.
 *
 * The import's guarantees hold line by line as they do batch by batch: a line is in the write log
 * exactly when its record was written, in the same transaction, so a retried attempt writes only
 * the lines the write log lacks (a refused line again, whose record was never written). A line whose
 * record an earlier refused line was to create is left out too (`sameAsLine`): it would update a
 * record that does not exist.
 *
 * Any other failure (connection, timeout, a write-log conflict with a concurrent attempt) is thrown:
 * the activity retries and resumes from the write log.
 */
export async function writeImportLines(
  sequelize: Sequelize,
  input: { entity: ImportEntity; ownerId: string; jobRunId: string; requestId?: string; writes: ImportWrite[] },
): Promise<ImportLinesOutcome> {
  try {
    return { ...(await writeImportBatch(sequelize, input)), refused: [], rowByRow: false };
  } catch (err) {
    if (rowRefusal(err) === undefined) throw err;
  }
  const outcome: ImportLinesOutcome = { created: 0, changed: 0, refused: [], rowByRow: true };
  /** Records whose creating line was refused: id → that line. */
  const unborn = new Map<string, number>();
  for (const write of input.writes) {
    const first = unborn.get(write.id);
    if (first !== undefined) {
      outcome.refused.push({ line: write.line, sameAsLine: first });
      continue;
    }
    try {
      const done = await writeImportBatch(sequelize, { ...input, writes: [write] });
      outcome.created += done.created;
      outcome.changed += done.changed;
    } catch (err) {
      const refusal = rowRefusal(err);
      if (refusal === undefined) throw err;
      outcome.refused.push({ line: write.line, refusal });
      if (write.action === 'create') unborn.set(write.id, write.line);
    }
  }
  return outcome;
}

/** The tables whose refusals are the import's own bookkeeping, never a row's fault. */
const BOOKKEEPING = new Set(['import_row_writes', 'outbox_events']);

/**
 * The refusal of a row's data, or undefined for any other failure. Sequelize wraps the driver's
 * error (`parent`); data exceptions (22xxx) and integrity violations (23xxx) name the row, except
 * those in the write log (a concurrent attempt wrote the line first: retry and read the write log) and
 * a record id already taken.
 */
export function rowRefusal(err: unknown): RowRefusal | undefined {
  const pg = ((err as { parent?: unknown } | null)?.parent ?? err) as {
    code?: unknown;
    constraint?: unknown;
    column?: unknown;
    detail?: unknown;
    table?: unknown;
  } | null;
  if (pg === null || typeof pg !== 'object' || typeof pg.code !== 'string') return undefined;
  // SI409: the legal-record triggers (an issued invoice a file tries to change) refuse that row only.
  if (!pg.code.startsWith('22') && !pg.code.startsWith('23') && pg.code !== 'SI409') return undefined;
  if (typeof pg.table === 'string' && BOOKKEEPING.has(pg.table)) return undefined;
  if (typeof pg.constraint === 'string' && [...BOOKKEEPING].some((t) => (pg.constraint as string).startsWith(t)))
    return undefined;
  // Record ids are chosen by the import (new or from the write log): a primary key taken is its own bookkeeping too.
  if (pg.code === '23505' && typeof pg.constraint === 'string' && pg.constraint.endsWith('_pkey')) return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { code: pg.code, constraint: text(pg.constraint), column: text(pg.column), detail: text(pg.detail) };
}
