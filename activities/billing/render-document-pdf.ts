import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { Contact } from '../../db/models/Contact';
import { Invoice } from '../../db/models/Invoice';
import { InvoiceItem } from '../../db/models/InvoiceItem';
import { Quote } from '../../db/models/Quote';
import { QuoteItem } from '../../db/models/QuoteItem';
import { User } from '../../db/models/User';
import { UserCompany } from '../../db/models/UserCompany';
import { documentNumber } from '../../domain/invoicing/document-number';
import { documentHtml, type DocumentView } from '../../domain/invoicing/document-html';
import { centsToDecimal } from '../../domain/invoicing/money';
import { computeTotals } from '../../domain/invoicing/totals';
import { type Chromium } from '../../lib/chromium';
import { type DocumentPdf, type DocumentPdfPayload } from '../../workflows/billing/contract';

export interface DocumentPdfDeps {
  s3: S3Client;
  bucket: string;
  chromium: Chromium;
}

const bp = (basisPoints: number) => centsToDecimal(BigInt(basisPoints)).replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');

/** Renders a quote or invoice with Chromium and stores it under pdfs/quotes/ or pdfs/invoices/ (permanent). */
export function createDocumentPdfActivities(deps: DocumentPdfDeps) {
  return {
    async renderDocumentPdf({ kind, documentId, ownerId }: DocumentPdfPayload): Promise<DocumentPdf> {
      const model = kind === 'quote' ? Quote : Invoice;
      const document = await (model as typeof Quote).findOne({ where: { id: documentId, owner_id: ownerId }, include: [{ model: (kind === 'quote' ? QuoteItem : InvoiceItem) as typeof QuoteItem, as: 'items' }] });
      if (!document) throw ApplicationFailure.nonRetryable(`The ${kind} no longer exists`, 'document_not_found');
      const [owner, company, contact] = await Promise.all([
        User.findByPk(ownerId, { rejectOnEmpty: true }),
        UserCompany.findOne({ where: { user_id: ownerId } }),
        document.contact_id ? Contact.findOne({ where: { id: document.contact_id, owner_id: ownerId } }) : null,
      ]);
      const items = [...(document.items ?? [])].sort((a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id));
      const totals = computeTotals(items);
      const number = documentNumber(document.id, document.created_at, owner.time_zone);
      const plain = document.get({ plain: true }) as { valid_until?: string | null; due_date?: string | null };
      const view: DocumentView = {
        kind,
        locale: owner.locale,
        number,
        title: document.title,
        description: document.description,
        issuedOn: new Intl.DateTimeFormat('en-CA', { timeZone: owner.time_zone }).format(document.created_at),
        untilDate: (kind === 'quote' ? plain.valid_until : plain.due_date) ?? null,
        status: document.status,
        company: company
          ? { name: company.company_name, siren: company.siren, siret: company.siret, vatNumber: company.vat_number, address: [company.company_street, [company.company_zipcode, company.company_city].filter(Boolean).join(' '), company.company_country].filter((s): s is string => Boolean(s)) }
          : null,
        client: contact ? { name: [contact.first_name, contact.last_name].filter(Boolean).join(' '), email: contact.email, address: [contact.street, [contact.zipcode, contact.city].filter(Boolean).join(' '), contact.country].filter((s): s is string => Boolean(s)) } : null,
        lines: items.map((item, i) => ({ type: item.item_type, description: item.description ?? '', quantity: item.quantity, unitWithoutTaxCents: totals.lines[i].priceWithoutTaxCents, vatPercent: bp(Math.round(Number(item.vat_percentage) * 100)), totalCents: totals.lines[i].totalCents })),
        vat: totals.vat.map((v) => ({ percent: bp(v.vatBasisPoints), baseCents: v.baseCents, vatCents: v.vatCents })),
        totalWithoutTaxCents: totals.totalWithoutTaxCents,
        totalVatCents: totals.totalVatCents,
        totalWithTaxCents: totals.totalWithTaxCents,
      };
      const browser = await deps.chromium.browser();
      const page = await browser.newPage();
      let bytes: Uint8Array;
      try {
        await page.setContent(documentHtml(view), { waitUntil: 'load' });
        bytes = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '15mm', right: '12mm', bottom: '15mm', left: '12mm' } });
      } finally {
        await page.close().catch(() => undefined);
      }
      const key = `pdfs/${kind === 'quote' ? 'quotes' : 'invoices'}/${ownerId}/${document.id}.pdf`;
      await deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: bytes, ContentType: 'application/pdf' }));
      return { key, filename: `${kind === 'quote' ? (owner.locale === 'fr-FR' ? 'devis' : 'quote') : owner.locale === 'fr-FR' ? 'facture' : 'invoice'}-${number}.pdf` };
    },
  };
}
