import { randomUUID } from 'node:crypto';
import { type ImportWrite } from '../../db/commands/write-import-batch';
import { type writeImportLines } from '../../db/commands/write-import-lines';
import {
  type findImportCandidates,
  type ownedIds,
  type StoredRecord,
  type WrittenLine,
} from '../../db/queries/import-matches';
import { type listNameableSessionTypes } from '../../db/queries/session-types';
import {
  createImportPlanner,
  fieldChanges,
  identityKey,
  type RowAction,
  type RowDecision,
} from '../../domain/imports/import-plan';
import { keyLookups } from '../../domain/imports/match-keys';
import { refusalMessage, unbornRecordMessage } from '../../domain/imports/refusal-message';
import { rowMapper } from '../../domain/imports/row-record';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { indexSessionTypesByName, type SessionTypesByName } from '../../domain/sessions/session-type-names';
import { cellsByHeader, type SheetRow } from '../../domain/imports/sheet';
import { type ImportPreviewItem, type ImportRowError } from '../../workflows/imports/contract';
import { createKnownRecords } from './known-records';
import { type Bound } from '../db-deps';
import { type PreparedRow, prepareRows } from './prepare-rows';

/** A batch's reads and its one write (db/commands/write-import-lines.ts), the handle bound. */
export interface ImportRunDb {
  writeImportLines: Bound<typeof writeImportLines>;
  findImportCandidates: Bound<typeof findImportCandidates>;
  listNameableSessionTypes: Bound<typeof listNameableSessionTypes>;
  ownedIds: Bound<typeof ownedIds>;
}

export interface ImportRunOptions {
  db: ImportRunDb;
  entity: ImportEntity;
  ownerId: string;
  jobRunId: string;
  requestId?: string;
  timeZone: string;
  headers: readonly string[];
  mapping: Record<string, string>;
  updateExisting: boolean;
  /** Plan and report, write nothing. */
  preview: boolean;
  rowActions: Record<number, RowAction>;
  /** Lines an earlier attempt of this job run wrote (import_row_writes). */
  written: ReadonlyMap<number, WrittenLine>;
  /** Called after each batch commits (a preview: is planned), with the lines written so far (the activity heartbeats). */
  onBatchDone: (linesWritten: number) => void;
}

/** What an import did, once every batch is in. */
export interface ImportRunOutcome {
  totalRows: number;
  created: number;
  updated: number;
  /** Stored records an update really changed (matched records the file leaves as they are are not rewritten). */
  changedRecords: number;
  /** Batches the database refused, then written line by line (write-import-lines.ts). */
  batchesRowByRow: number;
  errors: ImportRowError[];
  warnings: { line: number; message: string }[];
  /** The preview's lines (preview only). */
  items: ImportPreviewItem[];
}

/**
 * One import, fed batch by batch in file order (`add`), so memory holds a batch, not the file.
 * Each batch is validated, its relation ids checked, the stored records sharing its keys looked up
 * in one statement, planned (the plan remembers earlier batches' keys), and written in one
 * transaction with its outbox events and ledger lines. The write of one batch runs while the next
 * is read and prepared; batches still commit one after the other, in file order.
 *
 * A retried attempt (a killed worker) replans every line (same file, same decisions) but writes
 * only the lines its ledger lacks, reusing the ids and actions the ledger recorded.
 */
export function createImportRun(options: ImportRunOptions) {
  const { db, entity, ownerId, preview, written } = options;
  // A preview plans as the import it previews would (updateExisting included).
  const matching = options.updateExisting || Object.values(options.rowActions).includes('update');
  const planner = createImportPlanner({ updateExisting: options.updateExisting, rowActions: options.rowActions });
  const known = createKnownRecords(entity, options.timeZone, compactKey);
  const toRecord = rowMapper(options.mapping, options.headers);
  /** Records this import created (this attempt or an earlier one): never a stored match. */
  const createdHere = new Set<string>();
  if (matching) for (const w of written.values()) if (w.action === 'create') createdHere.add(w.id);
  /** The record of each line planned so far: a later row of the same record updates it. */
  const idOf = new Map<number, string>();
  /** Records whose creating line the database refused: id → that line. A later line of theirs has nothing to update. */
  const unborn = new Map<string, number>();
  const outcome: ImportRunOutcome = {
    totalRows: 0,
    created: 0,
    updated: 0,
    changedRecords: 0,
    batchesRowByRow: 0,
    errors: [],
    warnings: [],
    items: [],
  };
  let linesWritten = written.size;
  let writing: Promise<void> = Promise.resolve();
  /** The session types a file may name, read once per import (on its first batch), when a column maps to session_type. */
  const namesTypes = entity === 'sessions' && Object.values(options.mapping).includes('session_type');
  let sessionTypes: Promise<SessionTypesByName> | undefined;

  /** Writes a batch (line by line if the database refuses it) and counts what was really written. */
  const write = async (writes: ImportWrite[], cells: ReadonlyMap<number, string[]>) => {
    const refuse = (line: number, message: string) =>
      outcome.errors.push({ line, message, row: cellsByHeader(options.headers, cells.get(line) ?? []) });
    const sending = writes.filter((w) => !unborn.has(w.id));
    for (const w of writes) if (unborn.has(w.id)) refuse(w.line, unbornRecordMessage(unborn.get(w.id) as number));
    if (sending.length > 0) {
      const result = await db.writeImportLines({
        entity,
        ownerId,
        jobRunId: options.jobRunId,
        requestId: options.requestId,
        writes: sending,
      });
      const refused = new Map(result.refused.map((r) => [r.line, r]));
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
    }
    options.onBatchDone(linesWritten);
  };

  return {
    /** The next rows of the file. Resolves once they are planned and the previous batch committed. */
    async add(batch: readonly SheetRow[]): Promise<void> {
      outcome.totalRows += batch.length;
      if (namesTypes) sessionTypes ??= db.listNameableSessionTypes(ownerId).then(indexSessionTypesByName);
      const { rows, errors } = await prepareRows(db, {
        entity,
        ownerId,
        timeZone: options.timeZone,
        headers: options.headers,
        rows: batch,
        toRecord,
        sessionTypes: await sessionTypes,
      });
      outcome.errors.push(...errors);
      let stored: StoredRecord[] = [];
      const planned = rows.map((r) => {
        const keys = r.keys.map(compactKey);
        const identity = identityKey(keys);
        return identity === undefined ? { line: r.line, keys } : { line: r.line, keys, identity };
      });
      if (matching && planned.some((r) => r.keys.length > 0)) {
        stored = await db.findImportCandidates(entity, ownerId, keyLookups(rows.flatMap((r) => r.keys)));
        known.learn(stored, createdHere);
      }
      const decisions = planner.plan(planned, matching ? known.sharingKeys(planned.flatMap((r) => r.keys)) : []);
      if (preview) {
        outcome.items.push(...previewItems(rows, decisions, errors, stored, options.mapping));
        options.onBatchDone(0);
        return;
      }
      const writes = toWrites(rows, decisions);
      const cells = new Map(rows.map((r) => [r.line, r.cells]));
      // One batch in flight: this one is sent once the previous one has committed.
      await writing;
      const next = write(writes, cells);
      next.catch(() => {}); // awaited by the next add or by finish; this only keeps Node from calling it unhandled
      writing = next;
    },

    /** Waits for the last batch; errors come sorted by line. */
    async finish(): Promise<ImportRunOutcome> {
      await writing;
      outcome.errors.sort((a, b) => a.line - b.line);
      outcome.items.sort((a, b) => a.line - b.line);
      return outcome;
    },
  };

  /**
   * Ids and actions of a batch's decisions; the writes it still needs (lines not in the ledger).
   * Lines the ledger has are counted here; the others once written (write).
   */
  function toWrites(rows: readonly PreparedRow[], decisions: readonly RowDecision[]): ImportWrite[] {
    const byLine = new Map(rows.map((r) => [r.line, r]));
    const writes: ImportWrite[] = [];
    for (const d of decisions) {
      const row = byLine.get(d.line) as PreparedRow;
      if (d.warning) outcome.warnings.push({ line: d.line, message: d.warning });
      const invoiceNote =
        entity === 'invoices' && d.action !== 'skip' ? importedInvoiceWarning(d.action, row.values.status) : null;
      if (invoiceNote) outcome.warnings.push({ line: d.line, message: invoiceNote });
      if (d.error)
        outcome.errors.push({ line: d.line, message: d.error, row: cellsByHeader(options.headers, row.cells) });
      if (d.action === 'skip') continue;
      const recorded = written.get(d.line);
      const id =
        recorded?.id ?? (d.action === 'create' ? randomUUID() : (d.existingId ?? idOf.get(d.sameAsLine as number)));
      if (!id) continue;
      idOf.set(d.line, id);
      const action = recorded?.action ?? d.action;
      if (action === 'create' && matching) createdHere.add(id);
      if (!recorded) writes.push({ line: d.line, action, id, values: row.values });
      else if (action === 'create') outcome.created++;
      else outcome.updated++;
    }
    return writes;
  }
}

/**
 * What the import does with an invoice row's status beyond writing it (issue 20): an issued
 * invoice of another tool is read as the data migration reads invoices, and a stored invoice's
 * status never changes through an import. Null when there is nothing to say.
 */
function importedInvoiceWarning(action: 'create' | 'update', status: unknown): string | null {
  if (typeof status !== 'string' || status === 'DRAFT') return null;
  if (action === 'update')
    return `status ${status} ignored: an import does not change the status of an existing invoice (issue a draft with POST /api/invoices/:id/issue)`;
  const paid = status === 'PAID' ? ', with a payment of method other for its amount in its ledger' : '';
  return `${status} read as an issued invoice: ISSUED, numbered now from your invoice series${paid}`;
}

function previewItems(
  rows: readonly PreparedRow[],
  decisions: readonly RowDecision[],
  errors: readonly ImportRowError[],
  stored: readonly StoredRecord[],
  mapping: Record<string, string>,
): ImportPreviewItem[] {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const storedById = new Map(stored.map((s) => [s.id, s]));
  const items: ImportPreviewItem[] = [];
  for (const e of errors)
    items.push({
      line: e.line,
      firstName: e.row[firstHeader(mapping, 'first_name')] ?? '',
      lastName: e.row[firstHeader(mapping, 'last_name')] ?? '',
      reason: e.message,
      suggestedAction: 'skip',
    });
  for (const d of decisions) {
    const values = (byLine.get(d.line) as PreparedRow).values;
    const names = { firstName: String(values.first_name ?? ''), lastName: String(values.last_name ?? '') };
    if (d.action === 'update' && d.existingId) {
      items.push({
        line: d.line,
        ...names,
        reason: d.warning ?? 'Matches an existing contact',
        suggestedAction: 'update',
        existingContactId: d.existingId,
        changes: fieldChanges(storedById.get(d.existingId) ?? {}, values),
      });
    } else if (d.action === 'update') {
      items.push({
        line: d.line,
        ...names,
        reason: d.warning ?? 'Same contact as an earlier line',
        suggestedAction: 'update',
      });
    } else {
      items.push({
        line: d.line,
        ...names,
        reason: d.error ?? d.warning ?? (d.action === 'create' ? 'New contact' : 'Skipped'),
        suggestedAction: d.action,
      });
    }
  }
  return items;
}

function firstHeader(mapping: Record<string, string>, target: string): string {
  return Object.keys(mapping).find((h) => mapping[h] === target) ?? '';
}

/**
 * A match key as the plan remembers it for the rest of the file: a copy of its own, one byte per
 * UTF-8 byte. A key built from a cell is a V8 rope over a slice of the parsed chunk, so keeping
 * it would keep that chunk, and through all the keys the whole file, alive. The copy is
 * one-to-one (the same keys compare equal, different keys differ) and costs about 0.2 µs.
 */
export function compactKey(key: string): string {
  return Buffer.from(key, 'utf8').toString('latin1');
}
