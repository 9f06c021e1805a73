import { type S3Client } from '@aws-sdk/client-s3';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { type Logger } from 'pino';
import { type ClientBase } from 'pg';
import { type upsertExportFileObject } from '../../db/commands/export-file-objects';
import { type isKnownTimeZone } from '../../db/queries/time-zones';
import { columnsFor } from '../../domain/exports/columns';
import { formatDateInZone, formatTimestampInZone } from '../../domain/wall-clock';
import { CSV_DIALECTS } from '../../domain/exports/csv-dialect';
import {
  EXPORT_FILE_TYPES,
  exportFileName,
  exportObjectKey,
  TIME_ZONE_PATTERN,
  UUID_PATTERN,
} from '../../domain/exports/export-file';
import { EXPORT_ENTITIES, EXPORT_FORMATS } from '../../domain/exports/export-kinds';
import { validateExportFields } from '../../domain/exports/fields';
import { DomainError } from '../../domain/errors';
import { type Chromium } from '../../lib/chromium';
import { type ExportPayload, type RenderedExport } from '../../workflows/exports/contract';
import { renderCsv } from './render-csv';
import { renderExcel } from './render-excel';
import { type Bound } from '../db-deps';
import { type ExportReadsDb, type RenderedFile } from './render-params';
import { renderPdf } from './render-pdf';

/**
 * The render's data access: a raw pg connection of the pool for the streamed reads
 * (db/queries/exports/db-connection.ts), those reads, the zone check and the file_objects row.
 * The worker binds the Sequelize handle (workers/activities.ts).
 */
export interface ExportRenderDb extends ExportReadsDb {
  withConnection<T>(work: (client: ClientBase) => Promise<T>): Promise<T>;
  isKnownTimeZone: Bound<typeof isKnownTimeZone>;
  upsertExportFileObject: Bound<typeof upsertExportFileObject>;
}

export interface ExportRenderDeps {
  db: ExportRenderDb;
  s3: S3Client;
  /** S3_BUCKET. */
  bucket: string;
  /** The worker's shared browser (lib/chromium.ts), used by pdf exports only. */
  chromium: Chromium;
  logger: Logger;
  /** EXPORT_PDF_MAX_ROWS and EXPORT_PDF_CHUNK_ROWS. */
  pdf: { maxRows: number; chunkRows: number };
}

/** Heartbeats at most once a second: a render of a million rows reports progress without flooding Temporal. */
const HEARTBEAT_EVERY_MS = 1000;

function invalid(message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, 'validation_failed');
}

/**
 * The payload was validated by the api; this checks again what reaches an object key or an SQL
 * literal (ids, zone), since a schedule or a replay may carry an old payload. Anything wrong is
 * non-retryable: no attempt can fix it.
 */
async function checkPayload(db: ExportRenderDb, jobRunId: string, payload: ExportPayload): Promise<string[]> {
  if (!UUID_PATTERN.test(jobRunId)) throw invalid(`jobRunId must be a uuid, got ${JSON.stringify(jobRunId)}`);
  if (!UUID_PATTERN.test(payload.ownerId) || !UUID_PATTERN.test(payload.orgId))
    throw invalid('ownerId and orgId must be uuids');
  if (!EXPORT_ENTITIES.includes(payload.entity))
    throw invalid(`Unknown export entity ${JSON.stringify(payload.entity)}`);
  if (!EXPORT_FORMATS.includes(payload.format))
    throw invalid(`Unknown export format ${JSON.stringify(payload.format)}`);
  if (!CSV_DIALECTS.includes(payload.csvDialect))
    throw invalid(`Unknown csv dialect ${JSON.stringify(payload.csvDialect)}`);
  let fields: string[];
  try {
    fields = validateExportFields(payload.entity, payload.fields);
  } catch (err) {
    if (err instanceof DomainError) throw ApplicationFailure.nonRetryable(err.message, err.code, err.details);
    throw err;
  }
  const zoneKnown = TIME_ZONE_PATTERN.test(payload.timeZone) && (await db.isKnownTimeZone(payload.timeZone));
  if (!zoneKnown) throw invalid(`Unknown time zone ${JSON.stringify(payload.timeZone)}`);
  return fields;
}

/**
 * The rows' progress as a heartbeat, at most one per `everyMs`. The context is captured by the
 * caller: stream callbacks run outside the activity's async context.
 */
function heartbeatEvery(context: Context, everyMs: number): (rows: number) => void {
  let lastBeat = 0;
  return (rows) => {
    const now = Date.now();
    if (now - lastBeat < everyMs) return;
    lastBeat = now;
    context.heartbeat({ rows });
  };
}

/**
 * Export rendering: one activity that reads the owner's rows and streams the file into object
 * storage, then records it in file_objects. See docs/exports-rendering.md.
 */
export function createExportRenderActivities(deps: ExportRenderDeps) {
  return {
    /**
     * Renders `payload` as csv, excel or pdf into `exports/<ownerId>/<jobRunId>/<entity>-<date>.<ext>`.
     * Idempotent: the key depends only on the job run and the first schedule time of this activity,
     * so a retry overwrites the same object and updates the same file_objects row.
     */
    async renderExport({ jobRunId, payload }: { jobRunId: string; payload: ExportPayload }): Promise<RenderedExport> {
      const context = Context.current();
      const fields = await checkPayload(deps.db, jobRunId, payload);
      const columns = columnsFor(payload.entity, fields);
      // The first attempt's schedule time, not now: a retry after midnight keeps the same key.
      const scheduledAt = new Date(context.info.scheduledTimestampMs);
      const filename = exportFileName(payload.entity, payload.format, formatDateInZone(scheduledAt, payload.timeZone));
      const { contentType } = EXPORT_FILE_TYPES[payload.format];
      const target = { bucket: deps.bucket, key: exportObjectKey(payload.ownerId, jobRunId, filename), contentType };
      const log = deps.logger.child({
        jobRunId,
        workflowId: context.info.workflowExecution?.workflowId,
        activity: 'renderExport',
      });

      const onProgress = heartbeatEvery(context, HEARTBEAT_EVERY_MS);

      const started = Date.now();
      const common = {
        s3: deps.s3,
        target,
        entity: payload.entity,
        ownerId: payload.ownerId,
        columns,
        timeZone: payload.timeZone,
        onProgress,
        db: deps.db,
      };
      const file: RenderedFile = await deps.db.withConnection((client) => {
        switch (payload.format) {
          case 'csv':
            return renderCsv({ ...common, client, dialect: payload.csvDialect });
          case 'excel':
            return renderExcel({ ...common, client });
          case 'pdf':
            return renderPdf({
              ...common,
              client,
              chromium: deps.chromium,
              generatedAt: `${formatTimestampInZone(new Date(), payload.timeZone)} (${payload.timeZone})`,
              maxRows: deps.pdf.maxRows,
              chunkRows: deps.pdf.chunkRows,
            });
        }
      });
      const fileObjectId = await deps.db.upsertExportFileObject({
        orgId: payload.orgId,
        bucket: deps.bucket,
        key: target.key,
        contentType,
        sizeBytes: file.sizeBytes,
        createdBy: payload.ownerId,
        fileName: filename,
      });
      log.info(
        {
          entity: payload.entity,
          format: payload.format,
          rows: file.rowCount,
          sizeBytes: file.sizeBytes,
          durationMs: Date.now() - started,
          key: target.key,
        },
        'Export rendered',
      );
      return {
        key: target.key,
        filename,
        contentType,
        rowCount: file.rowCount,
        sizeBytes: file.sizeBytes,
        fileObjectId,
      };
    },
  };
}
