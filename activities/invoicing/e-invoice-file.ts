import { isFrench } from '../../domain/accounts/locale-language';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import crypto from 'node:crypto';
import { type findKeptEInvoice, type recordKeptEInvoice } from '../../db/commands/kept-e-invoices';
import { type loadCreditNoteEInvoice, type loadInvoiceEInvoice } from '../../services/e-invoicing/e-invoice-sources';
import { makeEInvoiceXml } from '../../lib/facturx/e-invoice-gate';
import { facturxPdf } from '../../lib/facturx/generate';
import { type DocumentPdf, type DocumentPdfPayload } from '../../workflows/invoicing/contract';
import { type Bound } from '../db-deps';

const notFound = (what: string) =>
  ApplicationFailure.nonRetryable(`The ${what} no longer exists or is not issued`, 'document_not_found');

/** The e-invoice's data (db/queries/e-invoice-sources.ts, the issue gate's builder). */
export interface EInvoiceFileDb {
  loadInvoiceEInvoice: Bound<typeof loadInvoiceEInvoice>;
  loadCreditNoteEInvoice: Bound<typeof loadCreditNoteEInvoice>;
  findKeptEInvoice: Bound<typeof findKeptEInvoice>;
  recordKeptEInvoice: Bound<typeof recordKeptEInvoice>;
}

export interface EInvoiceFileDeps extends EInvoiceFileDb {
  s3: S3Client;
  bucket: string;
  /** The kept pdf of the invoice or credit note (rendered once, render-document-pdf.ts). */
  keptPdf(payload: DocumentPdfPayload): Promise<DocumentPdf>;
}

/**
 * The e-invoice files of an issued invoice or a credit note (issue 22 §1): `xml`, its CII
 * (`factur-x.xml`, EN 16931), or `facturx`, its kept pdf made PDF/A-3b with that XML attached.
 * The data are checked by the same rules as the issue's gate first; a document that breaks them
 * (one issued before the gate) fails for good, naming the rules. Each format is made once and kept
 * (issue 40 §16): the file the platform received is the one the routes serve, byte for byte; its
 * key carries the start of its hash, so two makers racing never overwrite the one recorded.
 */
export function createEInvoiceFileActivities(deps: EInvoiceFileDeps) {
  return {
    async renderEInvoice(payload: DocumentPdfPayload): Promise<DocumentPdf> {
      const { kind, documentId, ownerId } = payload;
      if (kind === 'quote') throw ApplicationFailure.nonRetryable('A quote is not an invoice', 'document_not_found');
      const format = payload.format === 'ubl' || payload.format === 'xml' ? payload.format : 'facturx';
      const kept = await deps.findKeptEInvoice(kind, ownerId, documentId, format);
      // The same builder as the issue's gate (db/queries/e-invoice-sources.ts).
      const loaded =
        kind === 'invoice'
          ? await deps.loadInvoiceEInvoice(documentId, ownerId)
          : await deps.loadCreditNoteEInvoice(documentId, ownerId);
      if (!loaded) throw notFound(kind === 'invoice' ? 'invoice' : 'credit note');
      const { doc, locale } = loaded;
      const lang = isFrench(locale) ? 'fr' : 'en';
      const filenameBase = `${kind === 'invoice' ? (lang === 'fr' ? 'facture' : 'invoice') : lang === 'fr' ? 'avoir' : 'credit-note'}-${doc.number}`;
      const suffix = format === 'ubl' ? '-ubl.xml' : format === 'xml' ? '.xml' : '-facturx.pdf';
      const filename = `${filenameBase}${suffix}`;
      if (kept) return { key: kept.key, filename, sha256: kept.sha256 };
      const keyBase = `pdfs/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${ownerId}/${documentId}/e-invoice/${filenameBase}`;
      // A document issued before the gate checked the file itself may still break a rule: it fails for good, naming them.
      const made = await makeEInvoiceXml(doc, lang, payload.format === 'ubl' ? 'ubl' : 'cii');
      if (!made.ok)
        throw ApplicationFailure.nonRetryable(
          `The e-invoice breaks EN 16931 rules: ${made.failed.map((f) => `${f.rule} (${f.message})`).join('; ')}`,
          'validation_failed',
        );
      let bytes = Buffer.from(made.xml, 'utf8');
      if (format === 'facturx') {
        // The kept pdf made PDF/A-3b with the XML attached.
        const pdfFile = await deps.keptPdf({ kind, documentId, ownerId });
        const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: pdfFile.key }));
        const pdf = await object.Body?.transformToByteArray();
        if (!pdf) throw new Error(`The kept pdf ${pdfFile.key} is empty`);
        bytes = Buffer.from(await facturxPdf(doc, pdf, `${filenameBase}.pdf`, lang));
      }
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      const key = `${keyBase}-${sha256.slice(0, 16)}${suffix}`;
      await deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: key,
          Body: bytes,
          ContentType: format === 'facturx' ? 'application/pdf' : 'application/xml',
        }),
      );
      const recorded = await deps.recordKeptEInvoice(kind, ownerId, documentId, format, { key, sha256 });
      return { key: recorded.key, filename, sha256: recorded.sha256 };
    },
  };
}
