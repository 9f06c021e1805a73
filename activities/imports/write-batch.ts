import { type ImportWrite } from '../../db/commands/write-import-batch';
import { type writeImportLines } from '../../db/commands/write-import-lines';
import { refusalMessage, unbornRecordMessage } from '../../domain/imports/refusal-message';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { cellsByHeader } from '../../domain/imports/sheet';
import { type Bound } from '../db-deps';
import { type ImportOutcome } from './import-outcome';

/** Where a batch goes and what its writes add to, across the batches of an import. */
export interface BatchWriteTarget {
  writeImportLines: Bound<typeof writeImportLines>;
  entity: ImportEntity;
  ownerId: string;
  jobRunId: string;
  requestId?: string;
  headers: readonly string[];
  /** Counts and refusals are added here. */
  outcome: ImportOutcome;
  /** Records whose creating line the database refused: id → that line. A later line of theirs has nothing to update. */
  unborn: Map<string, number>;
}

/**
 * Writes a batch in one transaction (line by line if the database refuses it,
 * db/commands/write-import-lines.ts) and counts what was really written; a line whose record was
 * never created is refused without being sent. Answers the number of lines written.
 */
export async function writeBatch(
  target: BatchWriteTarget,
  writes: ImportWrite[],
  cells: ReadonlyMap<number, string[]>,
): Promise<number> {
  const { outcome, unborn } = target;
  const refuse = (line: number, message: string) =>
    outcome.errors.push({ line, message, row: cellsByHeader(target.headers, cells.get(line) ?? []) });
  const sending = writes.filter((w) => !unborn.has(w.id));
  for (const w of writes) if (unborn.has(w.id)) refuse(w.line, unbornRecordMessage(unborn.get(w.id) as number));
  if (sending.length === 0) return 0;
  const result = await target.writeImportLines({
    entity: target.entity,
    ownerId: target.ownerId,
    jobRunId: target.jobRunId,
    requestId: target.requestId,
    writes: sending,
  });
  const refused = new Map(result.refused.map((r) => [r.line, r]));
  let linesWritten = 0;
  for (const w of sending) {
    const r = refused.get(w.line);
    if (r === undefined) {
      if (w.action === 'create') outcome.created++;
      else outcome.updated++;
      linesWritten++;
      continue;
    }
    refuse(w.line, r.refusal ? refusalMessage(r.refusal) : unbornRecordMessage(r.sameAsLine as number));
    if (w.action === 'create') unborn.set(w.id, w.line);
  }
  outcome.changedRecords += result.changed;
  if (result.rowByRow) outcome.batchesRowByRow++;
  return linesWritten;
}
