import { vatRegistrationOf } from '../../domain/regimes/registrations';
import { languageOf } from '../../domain/accounts/locale-language';
import { type Sequelize } from 'sequelize-typescript';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { LINE_WORDS } from '../../domain/invoicing/document-lines';
import {
  type EInvoice,
  type EInvoiceItem,
  type EInvoiceSeller,
  eInvoiceOf,
  type ServiceDelivery,
} from '../../domain/invoicing/e-invoice';
import { toHundredths } from '../../domain/invoicing/money';
import { type DeliveryAddress } from '../../domain/invoicing/delivery-address';
import { invoiceOperation } from '../../domain/invoicing/operation-category';
import { storedDelivery } from '../../domain/invoicing/service-delivery';
import { vatPartsOf } from '../../domain/invoicing/stored-vat';
import {
  type DocumentSources,
  listInvoiceLineKinds,
  loadCreditNoteSources,
  loadDocumentSources,
} from '../../db/queries/document-sources';
import { formatDateInZone } from '../../domain/wall-clock';

/**
 * The one builder of an invoice's or credit note's e-invoice (issue 28 §1): the issue's gate and
 * the Factur-X file read the same sources (db/queries/document-sources.ts, the same read as the pdf) and
 * build the same document from them, so what was checked before the number was drawn is what
 * the file later carries.
 */

const rateOf = (vatPercentage: string | number) => Number(toHundredths(vatPercentage));

/**
 * The studio as the e-invoice's seller: its company profile, its electronic address (BT-34, which
 * the French rules require) the profile's email, else its owner's.
 */
export const eInvoiceSellerOf = (
  c: NonNullable<DocumentSources['company']>,
  owner: { owner_email: string },
): EInvoiceSeller => ({
  company_name: c.company_name,
  company_street: c.company_street,
  company_zipcode: c.company_zipcode,
  company_city: c.company_city,
  company_country: c.company_country,
  siren: c.siren,
  siret: c.siret,
  // A UK or Irish studio's VAT number may be among its registrations rather than in vat_number.
  vat_number: c.vat_number ?? vatRegistrationOf(c.company_country, c.tax_registrations),
  vat_exempt: c.vat_exempt,
  late_payment_rate: c.late_payment_rate,
  payment_terms_days: c.payment_terms_days,
  iban: c.iban,
  bic: c.bic,
  email: c.email ?? owner.owner_email,
  vat_on_debits: Boolean(c.vat_on_debits),
});

/** An issued invoice's or a credit note's e-invoice and the language its client reads. */
export interface LoadedEInvoice {
  doc: EInvoice;
  locale: UserLocale;
}

/** What an invoice's issue fixes and its e-invoice states: the number, issue and due dates, buyer and service date. */
export interface IssueFacts {
  number: string;
  issueDate: string;
  dueDate: string | null;
  buyer: InvoiceBuyer | null;
  delivery: ServiceDelivery;
}

/** The issue facts of an issued invoice, as it kept them; null for a draft. */
function keptFacts(sources: DocumentSources): IssueFacts | null {
  const invoice = sources.document as unknown as {
    number: string | null;
    issued_at: Date | null;
    due_date: string | null;
    buyer: InvoiceBuyer | null;
    service_date: string | null;
    service_end_date: string | null;
  };
  if (!invoice.number || !invoice.issued_at) return null;
  const issueDate = formatDateInZone(invoice.issued_at, sources.owner.time_zone);
  return {
    number: invoice.number,
    issueDate,
    dueDate: invoice.due_date,
    buyer: invoice.buyer,
    delivery: storedDelivery(invoice) ?? { day: issueDate },
  };
}

/** What an invoice's e-invoice is made of besides the facts its issue fixes: the draft or issued invoice as read. */
export interface InvoiceEInvoiceParts {
  invoice: { currency: string; deposit_installment: number | null; delivery_address: DeliveryAddress | null };
  /** Its lines in line order (display order, then id). */
  items: readonly EInvoiceItem[];
  company: NonNullable<DocumentSources['company']>;
  owner: { owner_email: string; locale?: UserLocale | null };
  contact: { locale?: UserLocale | null } | null;
}

/** An invoice's e-invoice (380, or 386 for a deposit), with the facts its issue fixes or fixed, and the language its client reads. */
export function invoiceEInvoiceOf(parts: InvoiceEInvoiceParts, facts: IssueFacts): LoadedEInvoice {
  const { invoice } = parts;
  const locale = clientLocale(parts.contact, parts.owner);
  const doc = eInvoiceOf({
    typeCode: invoice.deposit_installment == null ? '380' : '386',
    ...facts,
    seller: eInvoiceSellerOf(parts.company, parts.owner),
    currency: invoice.currency,
    items: parts.items,
    words: LINE_WORDS[languageOf(locale)],
    deliveryAddress: invoice.delivery_address,
  });
  return { doc, locale };
}

/**
 * The e-invoice of one of the owner's issued invoices: its lines and totals, the company profile,
 * and the facts it kept at issue. Null when it does not exist, or is a draft, or its studio has no
 * company profile.
 */
export async function loadInvoiceEInvoice(
  sequelize: Sequelize,
  invoiceId: string,
  ownerId: string,
): Promise<LoadedEInvoice | null> {
  const sources = await loadDocumentSources(sequelize, 'invoice', invoiceId, ownerId);
  if (!sources?.company) return null;
  const facts = keptFacts(sources);
  if (!facts) return null;
  const invoice = sources.document as unknown as InvoiceEInvoiceParts['invoice'];
  const items = [...(sources.document.items ?? [])].sort(
    (a, b) => a.display_order - b.display_order || a.id.localeCompare(b.id),
  ) as unknown as EInvoiceItem[];
  return invoiceEInvoiceOf(
    { invoice, items, company: sources.company, owner: sources.owner, contact: sources.contact },
    facts,
  );
}

/** The e-invoice of a credit note (381): the invoice it corrects, its credited lines or amount, and its VAT breakdown as stored at issue. */
export async function loadCreditNoteEInvoice(
  sequelize: Sequelize,
  creditNoteId: string,
  ownerId: string,
): Promise<LoadedEInvoice | null> {
  const sources = await loadCreditNoteSources(sequelize, creditNoteId, ownerId);
  if (!sources?.company) return null;
  const { creditNote, invoice, owner } = sources;
  const credited = (creditNote.items ?? []).map((l) => ({
    description: l.description ?? null,
    quantityHundredths: toHundredths(l.quantity),
    vatBasisPoints: rateOf(l.vat_percentage),
    withTaxCents: toHundredths(l.total),
  }));
  const locale = clientLocale(sources.contact, owner);
  const issueDate = formatDateInZone(creditNote.issued_at, owner.time_zone);
  // What the corrected invoice sold: the credit note's category of operation (issue 32 §5).
  const invoiceLines = await listInvoiceLineKinds(sequelize, invoice.id);
  const doc = eInvoiceOf({
    typeCode: '381',
    number: creditNote.number,
    issueDate,
    dueDate: null,
    // The service it credits: the corrected invoice's.
    delivery: storedDelivery(invoice) ?? { day: issueDate },
    seller: eInvoiceSellerOf(sources.company, owner),
    currency: creditNote.currency,
    buyer: invoice.buyer,
    preceding: {
      number: invoice.number ?? '',
      issueDate: formatDateInZone(invoice.issued_at ?? invoice.created_at, owner.time_zone),
    },
    // The breakdown stored at issue, the same its pdf and the accounting export show.
    credit: { lines: credited, parts: vatPartsOf(creditNote.vat_parts) },
    words: LINE_WORDS[languageOf(locale)],
    operation: invoiceOperation(invoiceLines),
  });
  return { doc, locale };
}
