import { type Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { type writtenLines } from '../../db/queries/import-matches';
import { DomainError, ValidationError } from '../../domain/errors';
import { type RowAction } from '../../domain/imports/import-plan';
import { renderErrorFile } from '../../lib/imports/error-file';
import { NO_DATA_ROWS, openUpload } from '../../lib/imports/read-upload';
import { resolveImportMapping } from '../../domain/imports/resolve-mapping';
import { type SheetRow, type SheetRows } from '../../domain/imports/sheet';
import { type ImportPayload, type ImportPreview, type ImportResult } from '../../workflows/imports/contract';
import { type Bound } from '../db-deps';
import { type BatchImporterDb, createBatchImporter } from './batch-importer';
import { type ImportOutcome } from './import-outcome';
import { withinBudget } from '../../domain/imports/result-budget';

/** The import's data access: the lines an earlier attempt wrote, and the batches' (batch-importer.ts). */
export interface ImportDb extends BatchImporterDb {
  writtenLines: Bound<typeof writtenLines>;
}

export interface ImportDeps extends ImportDb {
  s3: S3Client;
  bucket: string;
  logger: Logger;
  /** Rows per transaction. */
  batchSize?: number;
}

/** createImportActivities(deps): the import's one activity, built by workers/activities.ts. */
export function createImportActivities(deps: ImportDeps) {
  return {
    /**
     * Streams the upload from object storage through its reader and imports it batch by batch
     * (batch-importer.ts): a csv is never whole in memory, nor are its rows.
     */
    async runImport({
      jobRunId,
      payload,
    }: {
      jobRunId: string;
      payload: ImportPayload;
    }): Promise<ImportResult | ImportPreview> {
      const logger = deps.logger.child({ jobRunId, activity: 'runImport', entity: payload.entity });
      try {
        const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: payload.uploadKey }));
        // In Node the body is a readable stream of bytes; destroyed at the end, read or not.
        const body = object.Body as unknown as Readable;
        try {
          const source = await openUpload(payload.format, body, payload.encoding);
          try {
            return await importRows(deps, logger, jobRunId, payload, source);
          } finally {
            source.close();
          }
        } finally {
          body.destroy();
        }
      } catch (err) {
        // A file the api accepted cannot become readable by retrying.
        if (err instanceof DomainError) throw ApplicationFailure.nonRetryable(err.message, err.code, err.details);
        throw err;
      }
    },
  };
}

async function importRows(
  deps: ImportDeps,
  logger: Logger,
  jobRunId: string,
  payload: ImportPayload,
  source: SheetRows,
): Promise<ImportResult | ImportPreview> {
  const mapping = resolveImportMapping(payload.entity, source.headers, payload.mapping);
  const written = payload.preview ? new Map() : await deps.writtenLines(jobRunId);
  if (written.size > 0) logger.info({ alreadyWritten: written.size }, 'resuming an import after a retry');
  const rowActions = Object.fromEntries(
    Object.entries(payload.rowActions ?? {}).map(([line, action]) => [Number(line), action]),
  ) as Record<number, RowAction>;
  const run = createBatchImporter({
    db: deps,
    entity: payload.entity,
    ownerId: payload.ownerId,
    jobRunId,
    requestId: payload.requestId,
    timeZone: payload.timeZone,
    headers: source.headers,
    mapping,
    updateExisting: payload.updateExisting,
    preview: payload.preview,
    rowActions,
    written,
    onBatchDone: (lines) => Context.current().heartbeat({ written: lines }),
  });
  const size = deps.batchSize ?? 1000;
  let batch: SheetRow[] = [];
  for await (const row of source.rows) {
    batch.push(row);
    if (batch.length === size) {
      await run.add(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await run.add(batch);
  const outcome = await run.finish();
  if (outcome.totalRows === 0) throw new ValidationError(NO_DATA_ROWS);
  return payload.preview
    ? previewOf(outcome, mapping)
    : resultOf(deps, logger, jobRunId, payload, source, outcome, mapping);
}

function previewOf(outcome: ImportOutcome, mapping: Record<string, string>): ImportPreview {
  const count = (a: RowAction) => outcome.items.filter((i) => i.suggestedAction === a).length;
  // A long preview shows what a studio reviews first, updates (with their diffs) and skipped lines,
  // then as many creations as fit; in file order.
  const rank = { update: 0, skip: 1, create: 2 } as const;
  const { kept, truncated } = withinBudget(
    [...outcome.items].sort((a, b) => rank[a.suggestedAction] - rank[b.suggestedAction] || a.line - b.line),
  );
  kept.sort((a, b) => a.line - b.line);
  return {
    items: kept,
    itemsTruncated: truncated,
    summary: { create: count('create'), update: count('update'), skip: count('skip') },
    mapping,
    totalRows: outcome.totalRows,
  };
}

/** The result, once the failed rows are stored as a file in the upload's format. */
async function resultOf(
  deps: ImportDeps,
  logger: Logger,
  jobRunId: string,
  payload: ImportPayload,
  source: SheetRows,
  outcome: ImportOutcome,
  mapping: Record<string, string>,
): Promise<ImportResult> {
  const file = await renderErrorFile(payload.format, source.headers, outcome.errors, source.delimiter);
  const filename = `errors-${payload.filename.replace(/[^\w.-]+/g, '_')}`;
  const key = `temp/imports/${jobRunId}/${filename}`;
  await deps.s3.send(
    new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: file.body, ContentType: file.contentType }),
  );
  const skipped = outcome.totalRows - outcome.created - outcome.updated;
  logger.info(
    {
      created: outcome.created,
      updated: outcome.updated,
      changedRecords: outcome.changedRecords,
      batchesRowByRow: outcome.batchesRowByRow,
      skipped,
    },
    'import written',
  );
  const listed = withinBudget(outcome.errors);
  return {
    imported: outcome.created + outcome.updated,
    skipped,
    total: outcome.totalRows,
    totalRows: outcome.totalRows,
    errors: listed.kept,
    errorCount: outcome.errors.length,
    errorsTruncated: listed.truncated,
    warnings: withinBudget(outcome.warnings).kept,
    mapping,
    created: outcome.created,
    updated: outcome.updated,
    errorFile: { key, filename },
  };
}
