import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { documentHtml } from '../../domain/invoicing/document-html';
import { type Chromium } from '../../lib/chromium';
import { readLogoDataUri } from '../../lib/studio-logo';
import { type DocumentPdf, type DocumentPdfPayload } from '../../workflows/invoicing/contract';
import { documentDocx } from './document-docx';
import { loadDocumentView } from './document-view';

export interface DocumentPdfDeps {
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
}

/** Renders a quote or invoice with Chromium (pdf) or the docx package, stored under pdfs/quotes/ or pdfs/invoices/ (permanent). */
export function createDocumentPdfActivities(deps: DocumentPdfDeps) {
  return {
    async renderDocumentPdf({ kind, documentId, ownerId }: DocumentPdfPayload): Promise<DocumentPdf> {
      const { view, keyBase, filenameBase, logoKey } = await loadDocumentView({ kind, documentId, ownerId });
      // The studio's uploaded logo heads the document, inlined: the page loads nothing from elsewhere.
      view.logoDataUri = await readLogoDataUri(deps, logoKey);
      const browser = await deps.chromium.browser();
      const page = await browser.newPage();
      let bytes: Uint8Array;
      try {
        await page.setContent(documentHtml(view), { waitUntil: 'load' });
        bytes = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '15mm', right: '12mm', bottom: '15mm', left: '12mm' } });
      } finally {
        await page.close().catch(() => undefined);
      }
      const key = `${keyBase}.pdf`;
      await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: bytes, ContentType: 'application/pdf' }));
      return { key, filename: `${filenameBase}.pdf` };
    },
    async renderDocumentDocx({ kind, documentId, ownerId }: DocumentPdfPayload): Promise<DocumentPdf> {
      const { view, keyBase, filenameBase, logoKey } = await loadDocumentView({ kind, documentId, ownerId });
      view.logoDataUri = await readLogoDataUri(deps, logoKey);
      const key = `${keyBase}.docx`;
      await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: await documentDocx(view), ContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
      return { key, filename: `${filenameBase}.docx` };
    },
  };
}