import { type writeImportLines } from '../../db/commands/write-import-lines';
import {
  type findImportCandidates,
  type ownedIds,
  type StoredRecord,
  type WrittenLine,
} from '../../db/queries/import-matches';
import { type listNameableSessionTypes } from '../../db/queries/session-types';
import { type studioMemberEmails } from '../../db/queries/session-assignments';
import { isAssignmentCell, type MembersByEmail } from '../../domain/teams/assignment-cells';
import { createImportPlanner, identityKey, type RowAction } from '../../domain/imports/import-plan';
import { keyLookups } from '../../domain/imports/match-keys';
import { rowMapper } from '../../domain/imports/row-record';
import { type ImportEntity } from '../../domain/imports/target-fields';
import { indexSessionTypesByName, type SessionTypesByName } from '../../domain/sessions/session-type-names';
import { type SheetRow } from '../../domain/imports/sheet';
import { type Bound } from '../db-deps';
import { compactKey } from './compact-key';
import { decisionsToWrites } from './decisions-to-writes';
import { emptyImportOutcome, type ImportOutcome } from './import-outcome';
import { createKnownRecords } from './known-records';
import { prepareRows } from './prepare-rows';
import { previewItems } from './preview-items';
import { writeBatch } from './write-batch';
import { createWritesInFlight } from './writes-in-flight';

/** A batch's reads and its one write (db/commands/write-import-lines.ts), the handle bound. */
export interface BatchImporterDb {
  writeImportLines: Bound<typeof writeImportLines>;
  findImportCandidates: Bound<typeof findImportCandidates>;
  listNameableSessionTypes: Bound<typeof listNameableSessionTypes>;
  studioMemberEmails: Bound<typeof studioMemberEmails>;
  ownedIds: Bound<typeof ownedIds>;
}

export interface BatchImporterOptions {
  db: BatchImporterDb;
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

/**
 * What a sessions file may name, each read once per import (on its first batch) and only when a
 * column maps to it: the session types (`session_type`), the studio's members (a role on the session).
 */
function namedOnce({ db, entity, ownerId, mapping }: BatchImporterOptions) {
  const fields = entity === 'sessions' ? Object.values(mapping) : [];
  let sessionTypes: Promise<SessionTypesByName> | undefined;
  let members: Promise<MembersByEmail> | undefined;
  return () => {
    if (fields.includes('session_type'))
      sessionTypes ??= db.listNameableSessionTypes(ownerId).then(indexSessionTypesByName);
    if (fields.some((field) => isAssignmentCell(field))) members ??= db.studioMemberEmails(ownerId);
    return { sessionTypes, members };
  };
}

/**
 * One import, fed batch by batch in file order (`add`), so memory holds a batch, not the file.
 * Each batch is validated, its relation ids checked, the stored records sharing its keys looked up
 * in one statement, planned (the plan remembers earlier batches' keys), and written in one
 * transaction with its outbox events and write log lines (write-batch.ts); a preview shapes its
 * lines instead (preview-items.ts). Two batch writes run at once on two connections (one for
 * invoices, numbered in file order) while the next batch is read and prepared; a batch writing a
 * record a write in flight also writes waits for it (writes-in-flight.ts).
 *
 * A retried attempt (a killed worker) replans every line (same file, same decisions) but writes
 * only the lines its write log lacks, reusing the ids and actions the write log recorded
 * (decisions-to-writes.ts).
 */
export function createBatchImporter(options: BatchImporterOptions) {
  const { db, entity, ownerId, preview, written } = options;
  // A preview plans as the import it previews would (updateExisting included).
  const matching = options.updateExisting || Object.values(options.rowActions).includes('update');
  const planner = createImportPlanner({ updateExisting: options.updateExisting, rowActions: options.rowActions });
  const known = createKnownRecords(entity, options.timeZone, compactKey);
  const toRecord = rowMapper(options.mapping, options.headers);
  const outcome: ImportOutcome = emptyImportOutcome();
  const planning = {
    entity,
    headers: options.headers,
    matching,
    written,
    idOf: new Map<number, string>(),
    createdHere: new Set<string>(),
    outcome,
  };
  if (matching) for (const w of written.values()) if (w.action === 'create') planning.createdHere.add(w.id);
  const target = {
    writeImportLines: db.writeImportLines,
    entity,
    ownerId,
    jobRunId: options.jobRunId,
    requestId: options.requestId,
    headers: options.headers,
    outcome,
    unborn: new Map<string, number>(),
  };
  let linesWritten = written.size;
  // Invoices are numbered and chained into the ledger in file order: one batch at a time.
  const writing = createWritesInFlight(entity === 'invoices' ? 1 : 2);
  const named = namedOnce(options);

  return {
    /** The next rows of the file. Resolves once they are planned and their write started (writes-in-flight.ts). */
    async add(batch: readonly SheetRow[]): Promise<void> {
      outcome.totalRows += batch.length;
      const { sessionTypes, members } = named();
      const { rows, errors } = await prepareRows(db, {
        entity,
        ownerId,
        timeZone: options.timeZone,
        headers: options.headers,
        rows: batch,
        toRecord,
        sessionTypes: await sessionTypes,
        members: await members,
      });
      outcome.errors.push(...errors);
      let stored: StoredRecord[] = [];
      const planned = rows.map((r) => {
        const keys = r.keys.map(compactKey);
        const identity = identityKey(keys);
        return identity === undefined ? { line: r.line, keys } : { line: r.line, keys, identity };
      });
      if (matching && planned.some((r) => r.keys.length > 0)) {
        // An import matches by keys; a preview also shows the stored values an update would change.
        const fields = preview ? 'all' : 'keys';
        stored = await db.findImportCandidates(entity, ownerId, keyLookups(rows.flatMap((r) => r.keys)), fields);
        known.learn(stored, planning.createdHere);
      }
      const decisions = planner.plan(planned, matching ? known.sharingKeys(planned.flatMap((r) => r.keys)) : []);
      if (preview) {
        outcome.items.push(...previewItems(rows, decisions, errors, stored, options.mapping));
        options.onBatchDone(0);
        return;
      }
      const writes = decisionsToWrites(planning, rows, decisions);
      const cells = new Map(rows.map((r) => [r.line, r.cells]));
      const ids = new Set(writes.map((w) => w.id));
      await writing.slot(ids);
      writing.start(ids, async () => {
        linesWritten += await writeBatch(target, writes, cells);
        options.onBatchDone(linesWritten);
      });
    },

    /** Waits for the last batch; errors come sorted by line. */
    async finish(): Promise<ImportOutcome> {
      await writing.drain();
      outcome.errors.sort((a, b) => a.line - b.line);
      outcome.items.sort((a, b) => a.line - b.line);
      return outcome;
    },
  };
}
