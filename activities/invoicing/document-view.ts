import { isFrench, languageOf } from '../../domain/accounts/locale-language';
import { ApplicationFailure } from '@temporalio/common';
import { type loadCreditNoteSources, type loadDocumentSources } from '../../db/queries/document-sources';
import { clientLocale } from '../../domain/accounts/client-locale';
import { buyerOf, type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { displayNumber } from '../../domain/invoicing/document-number';
import { type DocumentView, formatDay } from '../../domain/invoicing/document-html';
import { documentMessageVariables } from '../../domain/invoicing/document-variables';
import { renderContract } from '../../domain/client-portal/contract-text';
import { itemDocumentLines, LINE_WORDS } from '../../domain/invoicing/document-lines';
import { creditNoteBody } from '../../domain/invoicing/credit-note-body';
import { serviceDelivery, storedDelivery } from '../../domain/invoicing/service-delivery';
import { type DocumentPdfPayload } from '../../workflows/invoicing/contract';
import { formatDateInZone } from '../../domain/wall-clock';
import { type Bound } from '../db-deps';
import { buyerClient, companyOf, deliverToLines, paymentOf, withLaw } from './document-parties';
import { type DeliveryAddress } from '../../domain/invoicing/delivery-address';
import { invoiceOperation } from '../../domain/invoicing/operation-category';
import { type UserLocale } from '../../domain/accounts/users';
import { documentScheduleNow, type ScheduledDocument } from '../../domain/invoicing/stored-schedule';
import { dueRuleWords, installmentName } from '../../domain/invoicing/schedule-words';
import { type LegalFacts } from '../../domain/regimes/legal-facts';

/** The document reads a file is made from (db/queries/document-sources.ts). */
export interface DocumentViewDb {
  loadDocumentSources: Bound<typeof loadDocumentSources>;
  loadCreditNoteSources: Bound<typeof loadCreditNoteSources>;
}

/** A quote, invoice or credit note file: what it shows, where it is stored and under which name, and whether it is kept once for good. */
export interface LoadedDocumentView {
  view: DocumentView;
  /** The storage key but for the extension. */
  keyBase: string;
  filenameBase: string;
  logoKey: string | null;
  /** An issued invoice or a credit note: its pdf is rendered once, stored and recorded (pdf_key, pdf_sha256). */
  keptOnce: boolean;
}

/**
 * What a quote, invoice or credit note file shows (the pdf and the docx alike), and the storage
 * key and file name they share but for the extension. An issued invoice shows only what was true
 * at issue (its buyer copy and issue date; never payments), so its kept pdf stays true.
 */
export async function loadDocumentView(
  db: DocumentViewDb,
  { kind, documentId, ownerId }: Pick<DocumentPdfPayload, 'kind' | 'documentId' | 'ownerId'>,
): Promise<LoadedDocumentView> {
  if (kind === 'credit_note') return loadCreditNoteView(db, documentId, ownerId);
  const sources = await db.loadDocumentSources(kind, documentId, ownerId);
  if (!sources) throw ApplicationFailure.nonRetryable(`The ${kind} no longer exists`, 'document_not_found');
  const { document, owner, company, contact } = sources;
  const issued = document as unknown as { issued_at?: Date | null; buyer?: InvoiceBuyer | null };
  const keptOnce = kind === 'invoice' && (document.status as string) !== 'DRAFT';
  const items = [...(document.items ?? [])].sort(
    (a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id),
  );
  const number = displayNumber(document, owner.time_zone);
  // The client reads it: the contact's language, else the studio's.
  const locale = clientLocale(contact, owner);
  const issuedOn = formatDateInZone(
    keptOnce && issued.issued_at ? issued.issued_at : document.created_at,
    owner.time_zone,
  );
  // An issued invoice's service date as it kept it (its e-invoice states the same); before, its session's.
  const kept = keptOnce
    ? storedDelivery(document as unknown as { service_date: string | null; service_end_date: string | null })
    : null;
  const buyer = keptOnce && issued.buyer ? issued.buyer : buyerOf(contact);
  const view: DocumentView = {
    kind,
    locale,
    currency: document.currency,
    number,
    title: document.title,
    description: document.description,
    issuedOn,
    untilDate: sources.untilDate,
    status: document.status,
    // Before any company profile, the document still names the studio: its account name.
    company: companyOf(company, owner, locale),
    payment: company ? paymentOf(company, invoiceOperation(items)) : null,
    client: buyer ? buyerClient(buyer, locale, company) : null,
    // Where the goods go, when not to the client's address (issue 32 §5); an invoice's only.
    deliverTo:
      kind === 'invoice'
        ? deliverToLines(
            (document as unknown as { delivery_address?: DeliveryAddress | null }).delivery_address,
            buyer,
            locale,
            company,
          )
        : null,
    body: itemDocumentLines(items, LINE_WORDS[languageOf(locale)]),
    delivery:
      kept ??
      (keptOnce
        ? { day: issuedOn }
        : sources.session?.start_date
          ? serviceDelivery(sources.session, issuedOn, owner.time_zone)
          : null),
    deposit: sources.depositQuoteNumber ? { quoteNumber: sources.depositQuoteNumber } : null,
  };
  if (kind === 'quote') view.schedule = quoteSchedule(document, sources.session, locale, owner.time_zone);
  const contract = kind === 'quote' ? (document as unknown as { contract?: string | null }).contract : null;
  if (contract)
    view.contract = renderContract(contract, {
      ...documentMessageVariables('quote', document, locale, owner.time_zone),
      'client.name': view.client?.name ?? '',
      'client.first_name': contact?.first_name ?? '',
      'client.last_name': contact?.last_name ?? '',
      'studio.name': view.company.name,
      'session.title': sources.session?.title ?? '',
      'session.date': sources.session?.start_date
        ? formatDay(formatDateInZone(sources.session.start_date, owner.time_zone), locale)
        : '',
    });
  // An issued invoice words what its issue decided of its law (legal_facts); before, it is decided now.
  const legalFacts = keptOnce ? (document as unknown as { legal_facts?: LegalFacts | null }).legal_facts : null;
  withLaw(view, company, buyer, legalFacts);
  const filenameBase = `${kind === 'quote' ? (isFrench(locale) ? 'devis' : 'quote') : isFrench(locale) ? 'facture' : 'invoice'}-${number}`;
  // An issued invoice's pdf gets a key of its own that never changes (its number is its name).
  const keyBase = keptOnce
    ? `pdfs/invoices/${ownerId}/${document.id}/${filenameBase}`
    : `pdfs/${kind === 'quote' ? 'quotes' : 'invoices'}/${ownerId}/${document.id}`;
  return { view, keyBase, filenameBase, logoKey: owner.logo_key, keptOnce };
}

/**
 * A quote's payment schedule as its pdf prints it (issue 40 §13): the same computation as the
 * client's page (documentScheduleNow), each installment named and dated in the client's language.
 */
function quoteSchedule(
  document: ScheduledDocument,
  session: { start_date: Date | null } | null | undefined,
  locale: UserLocale,
  timeZone: string,
): DocumentView['schedule'] {
  const stored = document.payment_schedule;
  const computed = stored?.length ? documentScheduleNow({ ...pickSchedule(document), session }, timeZone) : null;
  if (!stored || !computed) return null;
  return computed.map((c) => ({
    name: installmentName(stored[c.index], c.index, locale),
    when: dueRuleWords(stored[c.index].due, 'quote', locale),
    dueDate: c.dueDate,
    amountCents: c.amountCents,
  }));
}

/** The fields of a document its schedule is computed from. */
const pickSchedule = (d: ScheduledDocument): ScheduledDocument => ({
  amount: d.amount,
  created_at: d.created_at,
  issued_at: d.issued_at ?? null,
  payment_schedule: d.payment_schedule ?? null,
});

/**
 * A credit note's file (issue 20 §4): the invoice it corrects (number and issue date), the
 * reason, the credited lines (or the credited amount), the VAT breakdown (stored at issue: an
 * amount split pro rata over what was still creditable at each rate), the totals, the studio and the buyer as the invoice copied it.
 */
async function loadCreditNoteView(
  db: DocumentViewDb,
  creditNoteId: string,
  ownerId: string,
): Promise<LoadedDocumentView> {
  const sources = await db.loadCreditNoteSources(creditNoteId, ownerId);
  if (!sources) throw ApplicationFailure.nonRetryable('The credit note no longer exists', 'document_not_found');
  const { creditNote, invoice, owner, company, contact } = sources;
  const locale = clientLocale(contact, owner);
  // The breakdown fixed at issue (domain/invoicing/credit-note-body.ts).
  const body = creditNoteBody(creditNote, LINE_WORDS[languageOf(locale)].credited);
  const issuedOn = formatDateInZone(creditNote.issued_at, owner.time_zone);
  const view: DocumentView = {
    kind: 'credit_note',
    locale,
    currency: creditNote.currency,
    number: creditNote.number,
    title: invoice.title,
    description: null,
    issuedOn,
    untilDate: null,
    status: 'ISSUED',
    company: companyOf(company, owner, locale),
    payment: null,
    client: invoice.buyer ? buyerClient(invoice.buyer, locale, company) : null,
    body,
    // The service it credits: the corrected invoice's.
    delivery: storedDelivery(invoice) ?? null,
    corrects: {
      number: invoice.number ?? '',
      issuedOn: formatDateInZone(invoice.issued_at ?? invoice.created_at, owner.time_zone),
      reason: creditNote.reason,
    },
  };
  // A credit note words what its issue decided of its law (legal_facts); one issued before, decided now.
  withLaw(view, company, invoice.buyer ?? null, creditNote.legal_facts);
  const filenameBase = `${isFrench(locale) ? 'avoir' : 'credit-note'}-${creditNote.number}`;
  return {
    view,
    keyBase: `pdfs/credit-notes/${ownerId}/${creditNote.id}/${filenameBase}`,
    filenameBase,
    logoKey: owner.logo_key,
    keptOnce: true,
  };
}
