import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import crypto from 'node:crypto';
import { renderHtmlPdf } from '../../lib/html-pdf';
import { type findStoredPdf, type recordStoredPdf } from '../../db/commands/stored-documents';
import { documentHtml } from '../../domain/invoicing/document-html';
import { type Chromium } from '../../lib/chromium';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type DocumentPdf, type DocumentPdfPayload } from '../../workflows/invoicing/contract';
import { documentDocx } from './document-docx';
import { type Bound } from '../db-deps';
import { createEInvoiceFileActivities, type EInvoiceFileDb } from './e-invoice-file';
import { type DocumentViewDb, loadDocumentView } from './document-view';

/** The documents' reads and the kept pdf's record (db/commands/stored-documents.ts). */
export interface DocumentPdfDb extends DocumentViewDb, EInvoiceFileDb {
  findStoredPdf: Bound<typeof findStoredPdf>;
  recordStoredPdf: Bound<typeof recordStoredPdf>;
}

export interface DocumentPdfDeps extends DocumentPdfDb {
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
}

/** A stored pdf's answer; it is downloaded under the last part of its key, less the content tag. */
const storedFile = (stored: { key: string; sha256: string }): DocumentPdf => ({
  key: stored.key,
  filename: stored.key.slice(stored.key.lastIndexOf('/') + 1).replace(/-[0-9a-f]{16}\.pdf$/, '.pdf'),
  sha256: stored.sha256,
});

/**
 * Renders a quote, invoice or credit note with Chromium (pdf) or the docx package, stored under
 * pdfs/quotes/, pdfs/invoices/ or pdfs/credit-notes/ (permanent). The pdf of an issued invoice or
 * a credit note is rendered once (issue 20 §3, §4): when one is recorded it is answered as is;
 * otherwise the new file is stored, its SHA-256 computed and both recorded, the first recorded
 * winning for good.
 */
export function createDocumentPdfActivities(deps: DocumentPdfDeps) {
  const activities = {
    async renderDocumentPdf({ kind, documentId, ownerId }: DocumentPdfPayload): Promise<DocumentPdf> {
      const storedKind = kind === 'quote' ? null : kind;
      if (storedKind) {
        const stored = await deps.findStoredPdf(storedKind, ownerId, documentId);
        if (stored) return storedFile(stored);
      }
      const { view, keyBase, filenameBase, logoKey, keptOnce } = await loadDocumentView(deps, {
        kind,
        documentId,
        ownerId,
      });
      // The studio's uploaded logo heads the document, inlined: the page loads nothing from elsewhere.
      view.logoDataUri = await readLogoDataUri(deps, logoKey);
      const bytes = await renderHtmlPdf(deps.chromium, documentHtml(view));
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      // A kept pdf's key carries the start of its hash: two renders racing (the job and a
      // send's) each write their own object, and the one recorded is never overwritten by the other.
      const key = keptOnce ? `${keyBase}-${sha256.slice(0, 16)}.pdf` : `${keyBase}.pdf`;
      await deps.s3.send(
        new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: bytes, ContentType: 'application/pdf' }),
      );
      if (keptOnce && storedKind) {
        const recorded = await deps.recordStoredPdf(storedKind, ownerId, documentId, { key, sha256 });
        if (recorded) return storedFile(recorded);
      }
      return { key, filename: `${filenameBase}.pdf` };
    },
    async renderDocumentDocx({ kind, documentId, ownerId }: DocumentPdfPayload): Promise<DocumentPdf> {
      const { view, keyBase, filenameBase, logoKey } = await loadDocumentView(deps, { kind, documentId, ownerId });
      view.logoDataUri = await readLogoDataUri(deps, logoKey);
      const key = `${keyBase}.docx`;
      await deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: key,
          Body: await documentDocx(view),
          ContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }),
      );
      return { key, filename: `${filenameBase}.docx` };
    },
  };
  // The e-invoice files start from the kept pdf this factory renders.
  return {
    ...activities,
    ...createEInvoiceFileActivities({
      s3: deps.s3,
      bucket: deps.bucket,
      loadInvoiceEInvoice: deps.loadInvoiceEInvoice,
      loadCreditNoteEInvoice: deps.loadCreditNoteEInvoice,
      findKeptEInvoice: deps.findKeptEInvoice,
      recordKeptEInvoice: deps.recordKeptEInvoice,
      keptPdf: (payload) => activities.renderDocumentPdf(payload),
    }),
  };
}
