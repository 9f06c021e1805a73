import { ValidationError } from '../../domain/errors';
import { type CsvEncoding, type ImportFormat } from '../../domain/imports/file-format';
import { csvEncodingOf, readCsvStream, slices } from './read-csv';
import { readXls } from './read-xls';
import { readXlsx } from './read-xlsx';
import { type Sheet, type SheetRows } from '../../domain/imports/sheet';

export const EMPTY_FILE = 'The file is empty';
export const NO_DATA_ROWS = 'The file has a header row but no data rows';

/**
 * Opens an upload whose format was already checked (domain/imports/file-format.ts) to read it row
 * by row. A csv is decoded and parsed as it arrives (`encoding` as the api found it; without it,
 * the bytes are gathered first to find it). An xlsx or xls is read whole: their libraries load the
 * workbook at once (at most 10 MB of file; docs/import.md). A file without a header row is
 * refused here; one without data rows is known only at its end (NO_DATA_ROWS, for the caller).
 */
export async function openUpload(
  format: ImportFormat,
  input: AsyncIterable<Uint8Array>,
  encoding?: CsvEncoding,
): Promise<SheetRows> {
  let source: SheetRows;
  if (format === 'csv' && encoding) {
    source = await readCsvStream(input, encoding);
  } else {
    const bytes = await gather(input);
    if (bytes.length === 0) throw new ValidationError(EMPTY_FILE);
    source =
      format === 'csv'
        ? await readCsvStream(slices(bytes), csvEncodingOf(bytes))
        : wholeSheet(format === 'xlsx' ? await readXlsx(bytes) : readXls(bytes));
  }
  if (source.headers.length === 0) {
    source.close();
    throw new ValidationError(EMPTY_FILE);
  }
  return source;
}

/**
 * The api's check of an upload before any job: readable, a header row and at least one data row.
 * A csv is read only up to its first data row (its encoding, found on the whole upload without
 * decoding it, goes to the job); a spreadsheet is read whole (see openUpload).
 */
export async function checkUpload(
  format: ImportFormat,
  bytes: Buffer,
): Promise<{ headers: string[]; encoding?: CsvEncoding }> {
  if (bytes.length === 0) throw new ValidationError(EMPTY_FILE);
  const encoding = format === 'csv' ? csvEncodingOf(bytes) : undefined;
  const source = await openUpload(format, encoding ? slices(bytes) : whole(bytes), encoding);
  try {
    const first = await source.rows.next();
    if (first.done) throw new ValidationError(NO_DATA_ROWS);
  } finally {
    source.close();
  }
  return { headers: source.headers, ...(encoding ? { encoding } : {}) };
}

async function* whole(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

function wholeSheet(sheet: Sheet): SheetRows {
  async function* rows() {
    yield* sheet.rows;
  }
  return {
    headers: sheet.headers,
    rows: rows(),
    ...(sheet.delimiter ? { delimiter: sheet.delimiter } : {}),
    close: () => {},
  };
}

async function gather(input: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of input) chunks.push(chunk);
  // The api hands over the upload as one chunk: no copy of it then.
  return chunks.length === 1
    ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength)
    : Buffer.concat(chunks);
}
