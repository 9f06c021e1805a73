import { finished } from 'node:stream/promises';
import { CSV_BOM, CSV_DIALECT_RULES, CSV_RECORD_END, type CsvDialect } from '../../domain/exports/csv-dialect';
import { type RenderedFile, type RenderParams } from './render-params';
import { uploadStream } from './upload-stream';

const RECORD_END = Buffer.from(CSV_RECORD_END);
const BOM = Buffer.from(CSV_BOM);

/**
 * A csv export: PostgreSQL formats every cell in a `COPY (SELECT ...) TO STDOUT` (dates in the
 * zone to the minute, amounts with the dialect's decimal separator, formulas neutralised, headers named), and
 * its output goes, with CRLF record ends and a BOM, straight into a multipart upload. Node only
 * moves bytes, one copy per socket read into a buffer it reuses once the upload has copied it
 * (db/queries/exports/copy-out-records.ts), and never holds more than the stream buffers and the
 * parts in flight.
 */
export async function renderCsv(params: RenderParams & { dialect: CsvDialect }): Promise<RenderedFile> {
  const { client, db, s3, target, entity, ownerId, columns, timeZone, dialect, onProgress } = params;
  let sizeBytes = 0;
  const rowCount = await db.copyCsvRows(
    client,
    { entity, ownerId, columns, rules: CSV_DIALECT_RULES[dialect], timeZone },
    { recordEnd: RECORD_END, preamble: BOM, onRecords: onProgress },
    async (copy) => {
      await uploadStream(s3, target, copy, finished(copy), (chunk) => copy.recycle(chunk));
      sizeBytes = copy.bytes;
    },
  );
  return { rowCount, sizeBytes };
}
