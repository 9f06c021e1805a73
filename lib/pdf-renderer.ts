import fs from 'node:fs';
import { PdfRendererUnavailableError } from '../domain/errors';

/** How long one look at the executable is trusted: a package installed meanwhile is seen soon. */
const RECHECK_MS = 10_000;
const checkedAt = new Map<string, { at: number; available: boolean }>();

/** Whether `file` is a file this process may execute (the launcher's renderer check uses it too). */
export function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether a Chromium can be executed at `executablePath` (looked at most once every 10 s). */
export function pdfRendererAvailable(executablePath: string, now = Date.now()): boolean {
  const last = checkedAt.get(executablePath);
  if (last && now - last.at < RECHECK_MS) return last.available;
  const available = isExecutableFile(executablePath);
  checkedAt.set(executablePath, { at: now, available });
  return available;
}

/** Throws PdfRendererUnavailableError (503 in the api, a non-retryable failure in a job) when no pdf can be made. */
export function assertPdfRenderer(executablePath: string): void {
  if (!pdfRendererAvailable(executablePath)) throw new PdfRendererUnavailableError(executablePath);
}
