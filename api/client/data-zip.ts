import { type Response } from 'express';
import { type Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { ZipFile } from 'yazl';
import { type ClientRef } from '../../db/queries/client-accounts';
import { type ClientData, readClientData } from '../../db/queries/client-data';
import { clientDataFiles } from './data-presenter';
import { clientDataReadme, type LeftOutFile } from './data-readme';

/** What making the client's data download needs: the database, and the storage its pdfs are read from. */
export interface ClientDataZipDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger?: Logger;
  /** The clock the README is dated with (tests). */
  now?: () => Date;
}

/** A pdf the download carries: where it goes in the archive, the stored object's key, what it is for the README. */
export interface ClientDataPdf {
  path: string;
  key: string | null;
  what: string;
  /** For the logs: the document's id (never a name or a key). */
  documentId: string;
}

/** A name as a file name: letters, digits, dots and hyphens (a number format may hold a slash). */
const fileName = (name: string) => name.replace(/[^\p{L}\p{N}.-]+/gu, '_');

/**
 * Where the download's pdfs come from, in archive order: one line per source. Signed quotes, when
 * they are kept, are one more line here (and their key in db/queries/client-data.ts).
 */
export const CLIENT_DATA_PDF_SOURCES: readonly ((data: ClientData) => ClientDataPdf[])[] = [
  (d) =>
    d.invoices.map((i) => ({
      path: `pdfs/invoices/${fileName(i.number ?? i.id)}.pdf`,
      key: i.pdf_key,
      what: `invoice ${i.number}`,
      documentId: i.id,
    })),
  (d) =>
    d.creditNotes.map((n) => ({
      path: `pdfs/credit-notes/${fileName(n.number)}.pdf`,
      key: n.pdf_key,
      what: `credit note ${n.number}`,
      documentId: n.id,
    })),
  // A signed quote: the signed copy with its certificate (else the signed pdf itself).
  (d) =>
    d.signatures.map((s) => ({
      path: `pdfs/signed-quotes/${fileName(d.quotes.find((q) => q.id === s.quote_id)?.number ?? s.quote_id)}.pdf`,
      key: s.certificate_pdf_key ?? s.pdf_key,
      what: `signed quote ${d.quotes.find((q) => q.id === s.quote_id)?.number ?? s.quote_id}`,
      documentId: s.quote_id,
    })),
  (d) =>
    d.receipts.map((r) => ({
      path: `pdfs/receipts/${fileName(r.number)}.pdf`,
      key: r.pdf_key,
      what: `receipt ${r.number}`,
      documentId: r.id,
    })),
];

/** The client's data download, read from the database and ready to be written out. */
export interface ClientDataZip {
  /** The attachment's name: `<studio>-data-<date>.zip`. */
  filename: string;
  /**
   * Writes the archive to `output` (an HTTP response, a file): the JSON files, each pdf read from
   * storage one at a time as the output takes it, then README.txt naming any pdf left out. Resolves
   * once `output` has everything; rejects if `output` is closed first (the client went away).
   */
  writeTo(output: Writable): Promise<{ leftOut: LeftOutFile[] }>;
}

/**
 * Reads everything one client account's studio holds about its contact (db/queries/client-data.ts)
 * and returns the archive to write: `contact.json`, `sessions.json`, `quotes.json`,
 * `invoices.json`, `credit-notes.json`, `payments.json`, `pdfs/` and `README.txt` (issue 31 §4,
 * GDPR art. 15 and 20). The reads happen here, so a missing client is an error before any byte is
 * sent; storage is read while writing. A pdf whose object is missing or unreadable is left out and
 * named in README.txt: the download never fails for one file.
 */
export async function openClientDataZip(deps: ClientDataZipDeps, account: ClientRef): Promise<ClientDataZip> {
  const data = await readClientData(deps.sequelize, account);
  const createdAt = (deps.now ?? (() => new Date()))();
  const pdfs = CLIENT_DATA_PDF_SOURCES.flatMap((source) => source(data));
  // Presented here too: a presenter's failure is an error answer, not a cut archive.
  const files = Object.entries(clientDataFiles(data)).map(
    ([name, content]) => [name, Buffer.from(`${JSON.stringify(content, null, 2)}\n`, 'utf8')] as const,
  );
  return {
    filename: `${fileName(data.studio.name).slice(0, 60)}-data-${createdAt.toISOString().slice(0, 10)}.zip`,
    writeTo: (output) => writeArchive(deps, { data, files, pdfs, createdAt }, output),
  };
}

/** openClientDataZip, then writeTo: for a caller that has its output ready (a portal page's response). */
export async function writeClientDataZip(
  deps: ClientDataZipDeps,
  account: ClientRef,
  output: Writable,
): Promise<{ leftOut: LeftOutFile[] }> {
  return (await openClientDataZip(deps, account)).writeTo(output);
}

/** The archive's content, read and presented: only storage is left to read. */
interface ArchiveContent {
  data: ClientData;
  files: (readonly [string, Buffer])[];
  pdfs: ClientDataPdf[];
  createdAt: Date;
}

async function writeArchive(
  deps: ClientDataZipDeps,
  { data, files, pdfs, createdAt }: ArchiveContent,
  output: Writable,
): Promise<{ leftOut: LeftOutFile[] }> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, output);
  // Handled at once (awaited below): an output closed early must not become an unhandled rejection.
  written.catch(() => undefined);
  const entry = { mtime: createdAt };
  for (const [name, bytes] of files) zip.addBuffer(bytes, name, entry);

  const leftOut: LeftOutFile[] = [];
  let stored = 0;
  for (const pdf of pdfs) {
    if (output.destroyed) break;
    if (!pdf.key) {
      leftOut.push({ what: pdf.what, reason: 'not_stored' });
      continue;
    }
    let body: Readable;
    try {
      const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: pdf.key }));
      body = object.Body as Readable;
    } catch (err) {
      const missing = (err as Error).name === 'NoSuchKey';
      deps.logger?.warn(
        { documentId: pdf.documentId, err: missing ? undefined : err },
        missing ? 'kept pdf missing from storage; left out of a client data download' : 'kept pdf unreadable; left out',
      );
      leftOut.push({ what: pdf.what, reason: missing ? 'missing' : 'unreadable' });
      continue;
    }
    // Stored pdfs are compressed already. One object open at a time: the next is read once the
    // archive has taken this one (or the output is gone, which rejects `written`).
    zip.addReadStream(body, pdf.path, { ...entry, compress: false });
    try {
      await Promise.race([finished(body), written]);
      stored += 1;
    } catch (err) {
      // A storage read cut short, or the output gone: the archive cannot be finished.
      body.destroy();
      output.destroy(err as Error);
      throw err;
    }
  }
  zip.addBuffer(
    Buffer.from(
      clientDataReadme({
        studio: data.studio,
        contact: data.contact,
        createdAt,
        counts: {
          sessions: data.sessions.length,
          quotes: data.quotes.length,
          invoices: data.invoices.length,
          creditNotes: data.creditNotes.length,
          payments: data.payments.length,
          pdfs: stored,
        },
        leftOut,
      }),
      'utf8',
    ),
    'README.txt',
    entry,
  );
  zip.end();
  await written;
  return { leftOut };
}

/**
 * Answers the client's data download on `res` (the API route and the portal page alike): read
 * first, so a contact gone since sign-in is an error answer before any byte is sent; then streamed.
 */
export async function sendClientDataZip(
  deps: ClientDataZipDeps,
  account: ClientRef,
  res: Response,
  requestId?: string,
): Promise<void> {
  const zip = await openClientDataZip(deps, account);
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(zip.filename)}`);
  res.setHeader('Cache-Control', 'no-store');
  try {
    await zip.writeTo(res);
  } catch (err) {
    // Once bytes are out no error answer can follow: the archive is cut (the client went away,
    // or storage failed mid-file) and the client sees an incomplete download.
    if (!res.headersSent) throw err;
    deps.logger?.warn({ err, requestId }, 'client data download cut short');
    res.destroy();
  }
}
