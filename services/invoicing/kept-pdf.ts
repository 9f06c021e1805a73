import { type Sequelize } from 'sequelize-typescript';
import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { type DownloadLink, downloadLink } from '../../lib/s3-links';
import { DOCUMENT_PDF_JOB, type DocumentPdf, keptInvoicePdfKey } from '../../workflows/invoicing/contract';

/** What serving a kept pdf needs. */
export interface KeptPdfDeps {
  sequelize: Sequelize;
  temporal: Client;
  publicS3: S3Client;
  config: Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS' | 'EXPORT_SYNC_TIMEOUT_SECONDS' | 'CHROMIUM_PATH'>;
}

/** A legal document whose pdf is rendered once and kept: an issued invoice or a credit note. */
export interface KeptDocument {
  kind: 'invoice' | 'credit_note';
  id: string;
  pdf_key: string | null;
  pdf_sha256: string | null;
}

type Caller = { id: string; orgId: string };

/** The e-invoice files of an issued invoice or a credit note: the Factur-X pdf, or its CII XML alone. */
export type EInvoiceFormat = 'facturx' | 'xml' | 'ubl';

/** The job key of a kept pdf's one version: `invoice:<id>:issued`, `credit_note:<id>`. */
const keptPdfKey = (document: Pick<KeptDocument, 'kind' | 'id'>) =>
  document.kind === 'invoice' ? keptInvoicePdfKey(document.id) : `credit_note:${document.id}`;

/** A failed run keeps its key for good (return-existing); the next attempt's key names the run it follows, so concurrent callers still meet on one job. */
const MAX_FAILED_RUNS_FOLLOWED = 20;

/** The kept pdf's job, or (format) one of the e-invoice files made from it (issue 22 §1): `invoice:<id>:issued:facturx`. */
async function startKeptPdfJob(
  { sequelize, temporal }: KeptPdfDeps,
  document: Pick<KeptDocument, 'kind' | 'id'>,
  user: Caller,
  requestId?: string,
  format?: EInvoiceFormat,
) {
  const base = format ? `${keptPdfKey(document)}:${format}` : keptPdfKey(document);
  let key = base;
  for (let step = 0; ; step += 1) {
    const payload = {
      kind: document.kind,
      documentId: document.id,
      ownerId: user.orgId,
      ...(format ? { format } : {}),
    };
    const run = await startJob(sequelize, temporal, DOCUMENT_PDF_JOB, key, payload, {
      orgId: user.orgId,
      userId: user.id,
      entityId: document.id,
      requestId,
    });
    if (run.status !== 'FAILED' || step === MAX_FAILED_RUNS_FOLLOWED) return run;
    key = `${base}:after:${run.id}`;
  }
}

/**
 * Starts the render of a credit note's kept pdf right after its issue has committed, without
 * waiting for it (an invoice's is started by the outbox relay from its INVOICE_STATUS_CHANGED). It never fails the issue: a job Temporal did not take is
 * dead-lettered by startJob, a render that fails lands in the dead-letter queue, and the first
 * download renders it then.
 */
export async function startKeptPdf(
  deps: KeptPdfDeps,
  document: Pick<KeptDocument, 'kind' | 'id'>,
  user: Caller,
  requestId?: string,
): Promise<void> {
  await startKeptPdfJob(deps, document, user, requestId).catch(() => undefined);
}

/**
 * The link to a kept pdf (issue 20 §3, §4): the recorded file itself, signed, with its SHA-256,
 * when it is stored; else the one render of it (started at issue, or again after a failure),
 * waited for. Without a renderer and without a stored file: 503 pdf_renderer_unavailable.
 */
export async function keptPdfLink(
  deps: KeptPdfDeps,
  document: KeptDocument,
  user: Caller,
  requestId?: string,
): Promise<DownloadLink & { sha256: string | null }> {
  const { publicS3, config } = deps;
  if (document.pdf_key && document.pdf_sha256) {
    const filename = document.pdf_key
      .slice(document.pdf_key.lastIndexOf('/') + 1)
      .replace(/-[0-9a-f]{16}\.pdf$/, '.pdf');
    return {
      ...(await downloadLink(
        publicS3,
        config.S3_BUCKET,
        { key: document.pdf_key, filename },
        config.EXPORT_LINK_TTL_SECONDS,
      )),
      sha256: document.pdf_sha256,
    };
  }
  assertPdfRenderer(config.CHROMIUM_PATH);
  const run = await startKeptPdfJob(deps, document, user, requestId);
  const file = await waitForJob<DocumentPdf>(deps.temporal, run, {
    seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
    what: 'pdf',
    gone: 'pdf',
  });
  return {
    ...(await downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS)),
    sha256: file.sha256 ?? null,
  };
}

/**
 * The link to the kept pdf of an issued invoice or a credit note, for the studio's routes and the
 * client's alike (issue 40 §8): the row's own fields, read one by one (a model instance does not
 * spread its columns).
 */
export const keptFileLink = (
  deps: KeptPdfDeps,
  kind: KeptDocument['kind'],
  document: { id: string; pdf_key: string | null; pdf_sha256: string | null },
  user: Caller,
  requestId?: string,
) =>
  keptPdfLink(
    deps,
    { kind, id: document.id, pdf_key: document.pdf_key, pdf_sha256: document.pdf_sha256 },
    user,
    requestId,
  );

/**
 * The link to an e-invoice file of an issued invoice or a credit note (issue 22 §1): `facturx`,
 * its kept pdf as PDF/A-3b with `factur-x.xml` attached, or `xml`, that CII alone; made by the
 * documents job from the same data as the pdf, waited for, and answered as a signed link.
 */
export async function eInvoiceLink(
  deps: KeptPdfDeps,
  document: KeptDocument,
  format: EInvoiceFormat,
  user: Caller,
  requestId?: string,
): Promise<DownloadLink> {
  const { publicS3, config } = deps;
  // The Factur-X starts from the kept pdf: without a renderer it can only use a stored one.
  if (format === 'facturx' && !(document.pdf_key && document.pdf_sha256)) assertPdfRenderer(config.CHROMIUM_PATH);
  const run = await startKeptPdfJob(deps, document, user, requestId, format);
  const what = format === 'xml' ? 'e-invoice XML' : format === 'ubl' ? 'UBL e-invoice' : 'Factur-X pdf';
  const file = await waitForJob<DocumentPdf>(deps.temporal, run, {
    seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
    what,
    gone: what,
  });
  return downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS);
}
