import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { type Sheet, type SheetRow, cellsByHeader } from './sheet';

/**
 * Bytes → text: UTF-8 (BOM dropped) when the bytes are valid UTF-8, else Windows-1252, which is
 * what older spreadsheet apps write for "CSV" on French and US systems (é as one byte 0xE9).
 */
export function decodeCsvBytes(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return iconv.decode(body, 'win1252');
  }
}

/**
 * The delimiter of a csv: whichever of `,` `;` and tab appears most often, outside quotes, in the
 * header line. Papaparse's own guess needs several consistent rows and falls back on `,` for a
 * short tab-separated file; the header alone is the reliable sign.
 */
export function detectDelimiter(text: string): string {
  const header = text.replace(/^\s*\n/, '').split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, '');
  const count = (d: string) => header.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/**
 * Reads a csv upload (delimiter `,` `;` or tab). Quoted fields may hold delimiters and line
 * breaks, so each row's file line is counted from the text itself rather than from its index.
 */
export function readCsv(bytes: Buffer): Sheet {
  const text = decodeCsvBytes(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: detectDelimiter(text), skipEmptyLines: false });
  const records = parsed.data;
  // Papaparse does not report positions per record: walk the text once, counting line breaks
  // outside quotes, to know on which line each record starts.
  const starts = recordStartLines(text, parsed.meta.delimiter, parsed.meta.linebreak);
  const isBlank = (r: string[]) => r.every((c) => c.trim() === '');
  const firstIndex = records.findIndex((r) => !isBlank(r));
  if (firstIndex < 0) return { headers: [], rows: [], delimiter: parsed.meta.delimiter };
  const headers = records[firstIndex].map((h) => h.trim());
  const rows: SheetRow[] = [];
  for (let i = firstIndex + 1; i < records.length; i++) {
    if (isBlank(records[i])) continue;
    rows.push({ line: starts[i] ?? i + 1, cells: cellsByHeader(headers, records[i]) });
  }
  return { headers, rows, delimiter: parsed.meta.delimiter };
}

function recordStartLines(text: string, delimiter: string, linebreak: string): number[] {
  const starts = [1];
  let line = 1;
  let quoted = false;
  let atFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      } else if (c === '\n') line++;
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (text.startsWith(linebreak, i)) {
      i += linebreak.length - 1;
      line++;
      starts.push(line);
      atFieldStart = true;
    } else {
      atFieldStart = c === delimiter;
    }
  }
  return starts;
}
