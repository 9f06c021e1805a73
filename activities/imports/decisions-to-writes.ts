import { randomUUID } from 'node:crypto';
import { type ImportWrite } from '../../db/commands/write-import-batch';
import { type WrittenLine } from '../../db/queries/import-matches';
import { type RowDecision } from '../../domain/imports/import-plan';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { cellsByHeader } from '../../domain/imports/sheet';
import { type ImportOutcome } from './import-outcome';
import { importedInvoiceWarning } from './imported-invoice-warning';
import { type PreparedRow } from './prepare-rows';

/** What turning one batch's decisions into writes reads and keeps across the batches of an import. */
export interface DecisionsToWrites {
  entity: ImportEntity;
  headers: readonly string[];
  /** Whether the import matches stored records (then a record it created is remembered as its own). */
  matching: boolean;
  /** Lines an earlier attempt of this job run wrote (import_row_writes). */
  written: ReadonlyMap<number, WrittenLine>;
  /** The record of each line planned so far: a later row of the same record updates it. */
  idOf: Map<number, string>;
  /** Records this import created (this attempt or an earlier one): never a stored match. */
  createdHere: Set<string>;
  /** Warnings and errors are added here; lines an earlier attempt wrote are counted here. */
  outcome: ImportOutcome;
}

/**
 * Ids and actions of a batch's decisions; the writes it still needs (lines not in the write log).
 * Lines the write log has are counted here; the others once written (write-batch.ts).
 */
export function decisionsToWrites(
  ctx: DecisionsToWrites,
  rows: readonly PreparedRow[],
  decisions: readonly RowDecision[],
): ImportWrite[] {
  const { entity, outcome, written, idOf, createdHere } = ctx;
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const writes: ImportWrite[] = [];
  for (const d of decisions) {
    const row = byLine.get(d.line) as PreparedRow;
    if (d.warning) outcome.warnings.push({ line: d.line, message: d.warning });
    const invoiceNote =
      entity === 'invoices' && d.action !== 'skip' ? importedInvoiceWarning(d.action, row.values.status) : null;
    if (invoiceNote) outcome.warnings.push({ line: d.line, message: invoiceNote });
    if (d.error) outcome.errors.push({ line: d.line, message: d.error, row: cellsByHeader(ctx.headers, row.cells) });
    if (d.action === 'skip') continue;
    const recorded = written.get(d.line);
    const id =
      recorded?.id ?? (d.action === 'create' ? randomUUID() : (d.existingId ?? idOf.get(d.sameAsLine as number)));
    if (!id) continue;
    idOf.set(d.line, id);
    const action = recorded?.action ?? d.action;
    if (action === 'create' && ctx.matching) createdHere.add(id);
    if (!recorded) writes.push({ line: d.line, action, id, values: row.values });
    else if (action === 'create') outcome.created++;
    else outcome.updated++;
  }
  return writes;
}
