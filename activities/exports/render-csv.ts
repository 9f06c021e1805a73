import { pipeline } from 'node:stream/promises';
import { CSV_DIALECT_RULES, type CsvDialect } from '../../domain/exports/csv-dialect';
import { CsvLineEndings } from './csv-line-endings';
import { type RenderedFile, type RenderParams } from './render-params';
import { uploadStream } from './upload-stream';

/**
 * A csv export: PostgreSQL formats every cell in a `COPY (SELECT ...) TO STDOUT` (dates in the
 * zone to the minute, amounts with the dialect's decimal separator, formulas neutralised, headers named), and
 * its output goes, with CRLF record ends and a BOM, straight into a multipart upload. Node only
 * moves bytes, and never holds more than the stream buffers and the parts in flight.
 */
export async function renderCsv(params: RenderParams & { dialect: CsvDialect }): Promise<RenderedFile> {
  const { client, db, s3, target, entity, ownerId, columns, timeZone, dialect, onProgress } = params;
  const body = new CsvLineEndings(onProgress);
  const rowCount = await db.copyCsvRows(
    client,
    { entity, ownerId, columns, rules: CSV_DIALECT_RULES[dialect], timeZone },
    (copy) => uploadStream(s3, target, body, pipeline(copy, body)),
  );
  return { rowCount, sizeBytes: body.bytes };
}
