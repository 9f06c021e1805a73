import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
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
    const ends = this.recordEnds(chunk);
    const bom = this.started ? 0 : UTF8_BOM.length;
    this.started = true;
    // One buffer per chunk, the pieces copied straight into it: no subarray object per row nor a
    // list of pieces to concatenate (their allocations were most of this stream's cost, in
    // garbage collection: docs/performance.md, "Exports").
    const out = ends.length === 0 && bom === 0 ? chunk : Buffer.allocUnsafe(chunk.length + ends.length + bom);
    if (out !== chunk) {
      let at = bom === 0 ? 0 : UTF8_BOM.copy(out, 0);
      let start = 0;
      for (const lf of ends) {
        at += chunk.copy(out, at, start, lf);
        out[at++] = CR;
        out[at++] = LF;
        start = lf + 1;
      }
      chunk.copy(out, at, start);
    }
    this.records += ends.length;
    this.bytes += out.length;
    this.onProgress?.(this.records);
    callback(null, out);
  }

  /** Offsets of the chunk's record ends: its LFs outside quoted fields (the state carries over). */
  private recordEnds(chunk: Buffer): number[] {
    const ends: number[] = [];
    let quote = chunk.indexOf(QUOTE);
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lf + 1)) {
      while (quote !== -1 && quote < lf) {
        this.inQuotes = !this.inQuotes;
        quote = chunk.indexOf(QUOTE, quote + 1);
      }
      if (!this.inQuotes) ends.push(lf);
    }
    while (quote !== -1) {
      this.inQuotes = !this.inQuotes;
      quote = chunk.indexOf(QUOTE, quote + 1);
    }
    return ends;
  }
}
