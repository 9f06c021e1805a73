import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { type CsvEncoding } from '../../domain/imports/file-format';
import { type SheetRow, type SheetRows } from '../../domain/imports/sheet';

/**
 * UTF-8 (BOM or not) when the bytes are valid UTF-8, else Windows-1252, which is what older
 * spreadsheet apps write for "CSV" on French and US systems (é as one byte 0xE9). Checked over
 * the whole upload without decoding it; the worker then decodes as it streams.
 */
export function csvEncodingOf(bytes: Uint8Array): CsvEncoding {
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/**
 * The delimiter of a csv: whichever of `,` `;` and tab appears most often, outside quotes, in the
 * header line. Papaparse's own guess needs several consistent rows and falls back on `,` for a
 * short tab-separated file; the header alone is the reliable sign.
 */
export function detectDelimiter(text: string): string {
  const header = text
    .replace(/^\s*\n/, '')
    .split(/\r?\n/, 1)[0]
    .replace(/"[^"]*"/g, '');
  const count = (d: string) => header.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/**
 * The line break of a csv: the first one outside quotes in its head (`\r\n`, `\n` or an old
 * Mac's `\r`). Given to the parser, so a `\r\n` split across two chunks is never taken for `\r`.
 */
export function detectNewline(text: string): '\r\n' | '\n' | '\r' {
  const unquoted = text.replace(/"[^"]*"/g, '');
  const at = unquoted.search(/[\r\n]/);
  if (at < 0 || unquoted[at] === '\n') return '\n';
  return unquoted[at + 1] === '\n' ? '\r\n' : '\r';
}

// The header line is looked for in at most this much text (a header longer than that is no csv).
const MAX_HEADER_CHARS = 1024 * 1024;

/**
 * Reads a csv as it arrives (delimiter `,` `;` or tab): bytes are decoded chunk by chunk and parsed
 * as they come, and rows are handed out one at a time, so memory holds a chunk and its rows, never
 * the file; the next chunk is read only once the rows before it are taken (a caller that stops
 * after the first row reads only the file's head). Quoted fields may hold delimiters and line
 * breaks: each row's file line is the previous row's plus one plus the line breaks inside its
 * cells (blank lines are records too, so every line of the file is counted). The first non-blank
 * row is the header. Stop early with `close()`.
 */
export async function readCsvStream(input: AsyncIterable<Uint8Array>, encoding: CsvEncoding): Promise<SheetRows> {
  const texts = decode(input, encoding)[Symbol.asyncIterator]();
  let head = '';
  while (!hasHeaderLine(head) && head.length < MAX_HEADER_CHARS) {
    const next = await texts.next();
    if (next.done) break;
    head += next.value;
  }
  // A UTF-8 BOM before bytes that are not UTF-8 after all: dropped as the UTF-8 decoder drops it.
  if (encoding === 'windows-1252' && head.startsWith('\u00ef\u00bb\u00bf')) head = head.slice(3);
  const delimiter = detectDelimiter(head);
  const records = parseRecords(head, texts, new Papa.Parser({ delimiter, newline: detectNewline(head) }));
  // Ends both generators, and through them the input (a stream's iterator destroys it on return);
  // a read failing as it is cut off is of no interest any more.
  const close = () => {
    records.return(undefined).catch(() => {});
    texts.return(undefined).catch(() => {});
  };

  let line = 1;
  /** The next non-blank record with the file line it starts on; undefined at the end. */
  const nextRecord = async (): Promise<SheetRow | undefined> => {
    for (;;) {
      const next = await records.next();
      if (next.done) return undefined;
      const { values, problem } = next.value;
      const at = line;
      line += 1 + lineBreaksIn(values);
      if (problem || !values.every((c) => c.trim() === ''))
        return problem ? { line: at, values, problem } : { line: at, values };
    }
  };
  const header = await nextRecord();
  if (!header) {
    close();
    return { headers: [], rows: empty(), delimiter, close };
  }
  const headers = header.values.map((h) => h.trim());
  async function* rows() {
    try {
      for (let record = await nextRecord(); record; record = await nextRecord()) yield record;
    } finally {
      close();
    }
  }
  return { headers, rows: rows(), delimiter, close };
}

const QUOTE_PROBLEMS: Record<string, string> = {
  MissingQuotes: 'a quoted cell is never closed (a " is missing): this line and the rest of the file could not be read',
  InvalidQuotes: 'a quoted cell is malformed (text after its closing ", or a " inside it not doubled)',
};

/**
 * Records of the text as it comes, as papaparse's own streamers do: each parse leaves out the last,
 * maybe incomplete, record, which starts the next parse. A record longer than the new text (a
 * quoted field running on) waits for as much text again before it is parsed anew, so a file that
 * never closes a quote is parsed a few times over, not once per chunk.
 */
async function* parseRecords(
  head: string,
  texts: AsyncIterator<string>,
  parser: Papa.Parser,
): AsyncGenerator<{ values: string[]; problem?: string }> {
  let partial = ''; // the start of a record not complete yet
  let fresh = head; // text read since the last parse
  let finished = false;
  for (;;) {
    while (!finished && fresh.length < Math.max(partial.length, 1)) {
      const next = await texts.next();
      if (next.done) finished = true;
      else fresh += next.value;
    }
    const aggregate = partial + fresh;
    fresh = '';
    const result = parser.parse(aggregate, 0, !finished) as {
      data: string[][];
      errors: { type: string; code: string; row?: number }[];
      meta: { cursor: number };
    };
    partial = aggregate.substring(result.meta.cursor);
    // A quote never closed swallows the rest of the file into one cell; a quote closed too early
    // leaves text after it. Either way the cells are not what the file meant: the row is an error.
    const problems = new Map<number, string>();
    for (const e of result.errors)
      if (e.type === 'Quotes' && e.row !== undefined)
        problems.set(e.row, QUOTE_PROBLEMS[e.code] ?? QUOTE_PROBLEMS.InvalidQuotes);
    for (let i = 0; i < result.data.length; i++)
      yield problems.has(i) ? { values: result.data[i], problem: problems.get(i) } : { values: result.data[i] };
    if (finished) return;
  }
}

async function* decode(input: AsyncIterable<Uint8Array>, encoding: CsvEncoding): AsyncGenerator<string> {
  // iconv-lite's decoders keep a character split across two chunks, and drop a UTF-8 BOM.
  const decoder = iconv.getDecoder(encoding === 'utf-8' ? 'utf8' : 'win1252');
  for await (const chunk of input) {
    const text = decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (text) yield text;
  }
  const last = decoder.end();
  if (last) yield last;
}

/** True once the text holds a non-blank line and all of the line break after it (`\r` may start `\r\n`). */
function hasHeaderLine(text: string): boolean {
  return /\S[^\r\n]*(\r?\n|\r[^\n])/.test(text);
}

function lineBreaksIn(values: readonly string[]): number {
  let count = 0;
  for (const value of values) for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) count++;
  return count;
}

async function* empty(): AsyncGenerator<never> {}

/** An upload held in memory, handed to a stream reader in slices so it can stop early. */
export async function* slices(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
