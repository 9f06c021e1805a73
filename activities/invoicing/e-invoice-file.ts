import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { type DocumentSources, loadCreditNoteSources, loadDocumentSources } from '../../db/queries/document-sources';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type EInvoice, type EInvoiceItem, type EInvoiceSeller, eInvoiceOf } from '../../domain/invoicing/e-invoice';
import { failedEInvoiceRules } from '../../domain/invoicing/e-invoice-rules';
import { toHundredths } from '../../domain/invoicing/money';
import { vatPartsOf } from '../../domain/invoicing/stored-vat';
import { facturxPdf, facturxXml } from '../../lib/facturx/generate';
import { type DocumentPdf, type DocumentPdfPayload } from '../../workflows/invoicing/contract';

const day = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
const rateOf = (vatPercentage: string | number) => Number(toHundredths(vatPercentage));

/**
 * The studio as the e-invoice's seller: its company profile, its electronic address (BT-34, which
 * the French rules require) the profile's email, else its account's.
 */
const sellerOf = (c: NonNullable<DocumentSources['company']>, owner: { email: string }): EInvoiceSeller => ({
  company_name: c.company_name,
  company_street: c.company_street,
  company_zipcode: c.company_zipcode,
  company_city: c.company_city,
  company_country: c.company_country,
  siren: c.siren,
  siret: c.siret,
  vat_number: c.vat_number,
  vat_exempt: c.vat_exempt,
  late_payment_rate: c.late_payment_rate,
  payment_terms_days: c.payment_terms_days,
  iban: c.iban,
  bic: c.bic,
  email: c.email ?? owner.email,
});

/** An issued invoice's or a credit note's e-invoice, where its files are stored, and the name they are downloaded under. */
interface LoadedEInvoice {
  doc: EInvoice;
  keyBase: string;
  filenameBase: string;
  lang: 'fr' | 'en';
}

const notFound = (what: string) => ApplicationFailure.nonRetryable(`The ${what} no longer exists or is not issued`, 'document_not_found');

/**
 * The e-invoice of an issued invoice: its lines and totals, the buyer copied at issue, its number,
 * issue and due dates, and the company profile (the same sources as its pdf, document-view.ts).
 */
async function loadInvoiceEInvoice(invoiceId: string, ownerId: string): Promise<LoadedEInvoice> {
  const sources = await loadDocumentSources('invoice', invoiceId, ownerId);
  const invoice = sources?.document as unknown as { number: string | null; issued_at: Date | null; due_date: string | null; buyer: Parameters<typeof eInvoiceOf>[0]['buyer']; deposit_installment: number | null } | undefined;
  if (!sources || !invoice?.number || !invoice.issued_at || !sources.company) throw notFound('invoice');
  const items = [...(sources.document.items ?? [])].sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id)) as unknown as EInvoiceItem[];
  const locale = clientLocale(sources.contact, sources.owner);
  const doc = eInvoiceOf({
    typeCode: invoice.deposit_installment == null ? '380' : '386',
    number: invoice.number,
    issueDate: day(invoice.issued_at, sources.owner.time_zone),
    dueDate: invoice.due_date,
    seller: sellerOf(sources.company, sources.owner),
    buyer: invoice.buyer,
    items,
  });
  const filenameBase = `${locale === 'fr-FR' ? 'facture' : 'invoice'}-${invoice.number}`;
  return { doc, keyBase: `pdfs/invoices/${ownerId}/${invoiceId}/e-invoice/${filenameBase}`, filenameBase, lang: locale === 'fr-FR' ? 'fr' : 'en' };
}

/** The e-invoice of a credit note (381): the invoice it corrects, its credited lines or amount, and its VAT breakdown as stored at issue. */
async function loadCreditNoteEInvoice(creditNoteId: string, ownerId: string): Promise<LoadedEInvoice> {
  const sources = await loadCreditNoteSources(creditNoteId, ownerId);
  if (!sources || !sources.company) throw notFound('credit note');
  const { creditNote, invoice, owner } = sources;
  const credited = (creditNote.items ?? []).map((l) => ({ description: l.description ?? null, quantityHundredths: toHundredths(l.quantity), vatBasisPoints: rateOf(l.vat_percentage), withTaxCents: toHundredths(l.total) }));
  // The breakdown stored at issue, the same its pdf and the accounting export show.
  const parts = vatPartsOf(creditNote.vat_parts);
  const locale = clientLocale(sources.contact, owner);
  const doc = eInvoiceOf({
    typeCode: '381',
    number: creditNote.number,
    issueDate: day(creditNote.issued_at, owner.time_zone),
    dueDate: null,
    seller: sellerOf(sources.company, owner),
    buyer: invoice.buyer,
    preceding: { number: invoice.number ?? '', issueDate: day(invoice.issued_at ?? invoice.created_at, owner.time_zone) },
    credit: { lines: credited, parts },
  });
  const filenameBase = `${locale === 'fr-FR' ? 'avoir' : 'credit-note'}-${creditNote.number}`;
  return { doc, keyBase: `pdfs/credit-notes/${ownerId}/${creditNoteId}/e-invoice/${filenameBase}`, filenameBase, lang: locale === 'fr-FR' ? 'fr' : 'en' };
}

export interface EInvoiceFileDeps {
  s3: S3Client;
  bucket: string;
  /** The kept pdf of the invoice or credit note (rendered once, render-document-pdf.ts). */
  keptPdf(payload: DocumentPdfPayload): Promise<DocumentPdf>;
}

/**
 * The e-invoice files of an issued invoice or a credit note (issue 22 §1): `xml`, its CII
 * (`factur-x.xml`, EN 16931), or `facturx`, its kept pdf made PDF/A-3b with that XML attached.
 * The data are checked by the same rules as the issue's gate first; a document that breaks them
 * (one issued before the gate) fails for good, naming the rules.
 */
export function createEInvoiceFileActivities(deps: EInvoiceFileDeps) {
  return {
    async renderEInvoice(payload: DocumentPdfPayload): Promise<DocumentPdf> {
      const { kind, documentId, ownerId } = payload;
      if (kind === 'quote') throw ApplicationFailure.nonRetryable('A quote is not an invoice', 'document_not_found');
      const { doc, keyBase, filenameBase, lang } = kind === 'invoice' ? await loadInvoiceEInvoice(documentId, ownerId) : await loadCreditNoteEInvoice(documentId, ownerId);
      const failed = failedEInvoiceRules(doc);
      if (failed.length > 0) throw ApplicationFailure.nonRetryable(`The e-invoice breaks EN 16931 rules: ${failed.map((f) => `${f.rule} (${f.message})`).join('; ')}`, 'validation_failed');
      if (payload.format === 'xml') {
        const key = `${keyBase}.xml`;
        await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: await facturxXml(doc, lang), ContentType: 'application/xml' }));
        return { key, filename: `${filenameBase}.xml` };
      }
      const kept = await deps.keptPdf({ kind, documentId, ownerId });
      const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: kept.key }));
      const pdf = await object.Body?.transformToByteArray();
      if (!pdf) throw new Error(`The kept pdf ${kept.key} is empty`);
      const key = `${keyBase}-facturx.pdf`;
      await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: await facturxPdf(doc, pdf, `${filenameBase}.pdf`, lang), ContentType: 'application/pdf' }));
      return { key, filename: `${filenameBase}-facturx.pdf` };
    },
  };
}
