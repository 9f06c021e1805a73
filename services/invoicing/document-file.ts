import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { type DocumentKind } from '../../db/queries/invoicing';
import { type DocumentRow, type InvoiceRow } from '../../db/rows';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { downloadLink } from '../../lib/s3-links';
import { DOCUMENT_PDF_JOB, type DocumentPdf } from '../../workflows/invoicing/contract';
import { keptFileLink } from './kept-pdf';

/** What a quote's or invoice's file needs beyond the database: Temporal, the link signer and its settings. */
export interface DocumentFileDeps {
  temporal: Client;
  publicS3: S3Client;
  config: Pick<Config, 'S3_BUCKET' | 'EXPORT_LINK_TTL_SECONDS' | 'EXPORT_SYNC_TIMEOUT_SECONDS' | 'CHROMIUM_PATH'>;
}

/**
 * The link to a quote's or invoice's pdf or docx. One render per version of the document and
 * format: asking again for an unchanged one finds the same job. An issued invoice's pdf is the one
 * rendered at issue and kept (issue 20 §3), whatever changed since (payments).
 */
export async function documentFileLink(
  sequelize: Sequelize,
  deps: DocumentFileDeps,
  kind: DocumentKind,
  document: DocumentRow,
  user: { id: string; orgId: string },
  format: 'pdf' | 'docx',
  requestId?: string,
) {
  const { temporal, publicS3, config } = deps;
  if (kind === 'invoice' && format === 'pdf' && document.status !== 'DRAFT') {
    return keptFileLink({ ...deps, sequelize }, 'invoice', document as InvoiceRow, user, requestId);
  }
  if (format === 'pdf') assertPdfRenderer(config.CHROMIUM_PATH);
  const key = `${kind}:${document.id}:${document.updated_at.getTime()}${format === 'pdf' ? '' : ':docx'}`;
  const run = await startJob(
    sequelize,
    temporal,
    DOCUMENT_PDF_JOB,
    key,
    { kind, documentId: document.id, ownerId: user.orgId, ...(format === 'pdf' ? {} : { format }) },
    { orgId: user.orgId, userId: user.id, entityId: document.id, requestId },
  );
  const file = await waitForJob<DocumentPdf>(temporal, run, {
    seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
    what: format,
    gone: format,
  });
  return downloadLink(publicS3, config.S3_BUCKET, file, config.EXPORT_LINK_TTL_SECONDS);
}
