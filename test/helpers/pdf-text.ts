import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { download } from './downloads';

/** How a test reads a pdf's text. */
export interface PdfTextOptions {
  /** Narrow and plain no-break spaces (Intl's French thousands, "1 200,00 €") read as plain spaces. */
  plainSpaces?: boolean;
  /** Keeps the pdf at this path (beside the test's stack, to look at after a run), not in a temporary folder. */
  keepAs?: string;
}

/** The text of a pdf as poppler's pdftotext reads it (layout kept): a reader the service did not write. */
export function pdfTextOf(bytes: Uint8Array, options: PdfTextOptions = {}): string {
  const dir = options.keepAs ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = options.keepAs ?? path.join(dir!, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return options.plainSpaces ? text.replace(/[\u202f\u00a0]/g, ' ') : text;
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the pdf at a signed link (the body of a GET on `url`), as pdfTextOf reads it. */
export async function pdfTextAt(url: string, options: PdfTextOptions = {}): Promise<string> {
  return pdfTextOf(await download(url), options);
}
