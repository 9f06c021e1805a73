import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');
/** UTF-8 byte order mark: spreadsheet apps then read accents right. */
export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * PostgreSQL's COPY ends csv records with LF; RFC 4180 wants CRLF. Turns each record end into
 * CRLF, leaves line breaks inside quoted fields as the user typed them (a doubled quote toggles
 * twice, so the state stays right), starts the file with a BOM and counts rows and bytes.
 */
export class CsvLineEndings extends Transform {
  private inQuotes = false;
  private started = false;
  /** Records seen (the header row included). */
  records = 0;
  /** Bytes pushed out, BOM included. */
  bytes = 0;

  constructor(private readonly onProgress?: (records: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const parts: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      parts.push(UTF8_BOM);
    }
    let start = 0;
    let quote = chunk.indexOf(QUOTE);
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lf + 1)) {
      while (quote !== -1 && quote < lf) {
        this.inQuotes = !this.inQuotes;
        quote = chunk.indexOf(QUOTE, quote + 1);
      }
      if (this.inQuotes) continue;
      parts.push(chunk.subarray(start, lf), CRLF);
      start = lf + 1;
      this.records++;
    }
    while (quote !== -1) {
      this.inQuotes = !this.inQuotes;
      quote = chunk.indexOf(QUOTE, quote + 1);
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
    const out = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    this.bytes += out.length;
    this.onProgress?.(this.records);
    callback(null, out);
  }
}
