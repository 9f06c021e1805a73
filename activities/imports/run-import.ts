import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type ImportWrite, writeImportBatch } from '../../db/commands/write-import-batch';
import { findImportCandidates, writtenLines } from '../../db/queries/import-matches';
import { DomainError } from '../../domain/errors';
import { type ExistingRecord, fieldChanges, planImport, type RowAction, type RowDecision } from '../../domain/imports/import-plan';
import { storedMatchKeys } from '../../domain/imports/match-keys';
import { renderErrorFile } from '../../lib/imports/error-file';
import { resolveImportMapping } from '../../lib/imports/resolve-mapping';
import { readUpload } from '../../lib/imports/read-upload';
import { type ImportPayload, type ImportPreview, type ImportPreviewItem, type ImportResult, type ImportRowError } from '../../workflows/imports/contract';
import { type PreparedRow, prepareRows } from './prepare-rows';

export interface ImportDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger: Logger;
  /** Rows per transaction. */
  batchSize?: number;
}

/** createImportActivities(deps): the import's one activity, built by workers/activities.ts. */
export function createImportActivities(deps: ImportDeps) {
  return {
    async runImport({ jobRunId, payload }: { jobRunId: string; payload: ImportPayload }): Promise<ImportResult | ImportPreview> {
      const logger = deps.logger.child({ jobRunId, activity: 'runImport', entity: payload.entity });
      try {
        const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: payload.uploadKey }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        const sheet = await readUpload(payload.format, bytes);
        const mapping = resolveImportMapping(payload.entity, sheet.headers, payload.mapping);
        const { rows, errors } = await prepareRows(deps.sequelize, { entity: payload.entity, ownerId: payload.ownerId, timeZone: payload.timeZone, sheet, mapping });
        const rowActions = Object.fromEntries(Object.entries(payload.rowActions ?? {}).map(([line, action]) => [Number(line), action])) as Record<number, RowAction>;
        const needsExisting = payload.preview || payload.updateExisting || Object.values(rowActions).includes('update');
        const stored = needsExisting ? await candidates(deps.sequelize, payload, rows) : [];
        const existing: ExistingRecord[] = stored.map((r) => ({ id: r.id, keys: storedMatchKeys(payload.entity, r as Parameters<typeof storedMatchKeys>[1], payload.timeZone) }));
        const decisions = planImport(rows, existing, { updateExisting: payload.preview || payload.updateExisting, rowActions });
        if (payload.preview) return previewOf(rows, decisions, errors, stored, mapping, sheet.rows.length);

        const result = await write(deps, logger, jobRunId, payload, rows, decisions);
        const allErrors = [...errors, ...result.errors].sort((a, b) => a.line - b.line);
        const file = await renderErrorFile(payload.format, sheet.headers, allErrors, sheet.delimiter);
        const filename = `errors-${payload.filename.replace(/[^\w.-]+/g, '_')}`;
        const key = `temp/imports/${jobRunId}/${filename}`;
        await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: file.body, ContentType: file.contentType }));
        const skipped = sheet.rows.length - result.created - result.updated;
        logger.info({ created: result.created, updated: result.updated, skipped }, 'import written');
        return {
          imported: result.created + result.updated,
          skipped,
          total: sheet.rows.length,
          totalRows: sheet.rows.length,
          errors: allErrors,
          warnings: result.warnings,
          mapping,
          created: result.created,
          updated: result.updated,
          errorFile: { key, filename },
        };
      } catch (err) {
        // A file the api accepted cannot become readable by retrying.
        if (err instanceof DomainError) throw ApplicationFailure.nonRetryable(err.message, err.code);
        throw err;
      }
    },
  };
}

async function candidates(sequelize: Sequelize, payload: ImportPayload, rows: PreparedRow[]) {
  const text = (field: string) => [...new Set(rows.map((r) => r.values[field]).filter((v): v is string => typeof v === 'string').map((v) => v.trim().toLowerCase()))];
  const firsts = rows.map((r) => String(r.values.first_name ?? '').trim().toLowerCase());
  const lasts = rows.map((r) => String(r.values.last_name ?? '').trim().toLowerCase());
  return findImportCandidates(sequelize, payload.entity, payload.ownerId, { emails: text('email'), firstNames: firsts, lastNames: lasts, titles: text('title') });
}

async function write(deps: ImportDeps, logger: Logger, jobRunId: string, payload: ImportPayload, rows: PreparedRow[], decisions: RowDecision[]) {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const written = await writtenLines(deps.sequelize, jobRunId);
  if (written.size > 0) logger.info({ alreadyWritten: written.size }, 'resuming an import after a retry');
  const idOf = new Map<number, string>();
  const pending: ImportWrite[] = [];
  const errors: ImportRowError[] = [];
  const warnings: { line: number; message: string }[] = [];
  let created = 0;
  let updated = 0;
  for (const d of decisions) {
    if (d.warning) warnings.push({ line: d.line, message: d.warning });
    if (d.error) errors.push({ line: d.line, message: d.error, row: byLine.get(d.line)?.cells ?? {} });
    if (d.action === 'skip') continue;
    const id = written.get(d.line) ?? (d.action === 'create' ? randomUUID() : (d.existingId ?? idOf.get(d.sameAsLine as number)));
    if (!id) continue;
    idOf.set(d.line, id);
    if (d.action === 'create') created++;
    else updated++;
    if (!written.has(d.line)) pending.push({ line: d.line, action: d.action, id, values: byLine.get(d.line)!.values });
  }
  const size = deps.batchSize ?? 1000;
  for (let i = 0; i < pending.length; i += size) {
    await writeImportBatch(deps.sequelize, { entity: payload.entity, ownerId: payload.ownerId, jobRunId, requestId: payload.requestId, writes: pending.slice(i, i + size) });
    Context.current().heartbeat({ written: i + size });
  }
  return { created, updated, errors, warnings };
}

function previewOf(rows: PreparedRow[], decisions: RowDecision[], errors: ImportRowError[], stored: Record<string, unknown>[], mapping: Record<string, string>, totalRows: number): ImportPreview {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const storedById = new Map(stored.map((s) => [s.id as string, s]));
  const items: ImportPreviewItem[] = [];
  for (const e of errors) items.push({ line: e.line, firstName: e.row[firstHeader(mapping, 'first_name')] ?? '', lastName: e.row[firstHeader(mapping, 'last_name')] ?? '', reason: e.message, suggestedAction: 'skip' });
  for (const d of decisions) {
    const values = byLine.get(d.line)!.values;
    const names = { firstName: String(values.first_name ?? ''), lastName: String(values.last_name ?? '') };
    if (d.action === 'update' && d.existingId) {
      items.push({ line: d.line, ...names, reason: d.warning ?? 'Matches an existing contact', suggestedAction: 'update', existingContactId: d.existingId, changes: fieldChanges(storedById.get(d.existingId) ?? {}, values) });
    } else if (d.action === 'update') {
      items.push({ line: d.line, ...names, reason: d.warning ?? 'Same contact as an earlier line', suggestedAction: 'update' });
    } else {
      items.push({ line: d.line, ...names, reason: d.error ?? (d.action === 'create' ? 'New contact' : 'Skipped'), suggestedAction: d.action });
    }
  }
  items.sort((a, b) => a.line - b.line);
  const count = (a: RowAction) => items.filter((i) => i.suggestedAction === a).length;
  return { items, summary: { create: count('create'), update: count('update'), skip: count('skip') }, mapping, totalRows };
}

function firstHeader(mapping: Record<string, string>, target: string): string {
  return Object.keys(mapping).find((h) => mapping[h] === target) ?? '';
}
