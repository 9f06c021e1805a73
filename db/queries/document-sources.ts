import { type Sequelize } from 'sequelize-typescript';
import { CreditNote } from '../models/CreditNote';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { type Transaction } from 'sequelize';
import { Quote } from '../models/Quote';
import { QuoteItem } from '../models/QuoteItem';
import { Session } from '../models/Session';
import { UserCompany } from '../models/UserCompany';
import { type ContactRow, type Row } from '../rows';
import { findStudio, type Studio } from './studios';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { type DocumentKind } from './invoicing';

/** What a quote or invoice file is made from: the document with its lines, its owner, the seller and the client. */
export interface DocumentSources {
  document: Row<Quote> & { items?: Row<QuoteItem>[] };
  /** valid_until of a quote, due_date of an invoice, as the database's date-only text. */
  untilDate: string | null;
  owner: Studio;
  /**
   * The seller: an issued invoice's copy of the company profile (`seller`, kept at issue), else the
   * profile as it is now (a quote, a draft, an invoice issued before copies were kept); null
   * before any profile.
   */
  company: InvoiceSeller | null;
  contact: ContactRow | null;
  /** A deposit invoice: the number of the quote it is a deposit on (issue 21 §1); null otherwise. */
  depositQuoteNumber: string | null;
  /** The document's session's start and end, which date the service (issue 28 §2); null without a session. */
  session: { start_date: Date | null; end_date: Date | null; title?: string } | null;
}

/**
 * The sources of one of the owner's quotes or invoices, or null when it no longer exists; read in
 * `transaction` when given (the issue reads its e-invoice's sources under its lock).
 */
export async function loadDocumentSources(
  sequelize: Sequelize,
  kind: DocumentKind,
  documentId: string,
  ownerId: string,
  transaction?: Transaction,
): Promise<DocumentSources | null> {
  const model = kind === 'quote' ? Quote : Invoice;
  const document = await (model as typeof Quote).findOne({
    where: { id: documentId, owner_id: ownerId },
    include: [{ model: (kind === 'quote' ? QuoteItem : InvoiceItem) as typeof QuoteItem, as: 'items' }],
    transaction,
  });
  if (!document) return null;
  const [owner, company, contact, session] = await Promise.all([
    findStudio(sequelize, ownerId, transaction),
    UserCompany.findOne({ where: { user_id: ownerId }, transaction }),
    document.contact_id
      ? Contact.findOne({ where: { id: document.contact_id, owner_id: ownerId }, transaction })
      : null,
    document.session_id
      ? Session.findOne({
          where: { id: document.session_id, owner_id: ownerId },
          attributes: ['start_date', 'end_date', 'title'],
          transaction,
        })
      : null,
  ]);
  const plain = document.get({ plain: true }) as {
    seller?: InvoiceSeller | null;
    valid_until?: string | null;
    due_date?: string | null;
    quote_id?: string | null;
    deposit_installment?: number | null;
  };
  const quote =
    kind === 'invoice' && plain.deposit_installment != null && plain.quote_id
      ? await Quote.findOne({ where: { id: plain.quote_id, owner_id: ownerId }, attributes: ['number'], transaction })
      : null;
  return {
    document,
    untilDate: (kind === 'quote' ? plain.valid_until : plain.due_date) ?? null,
    owner,
    company: plain.seller ?? company,
    contact,
    depositQuoteNumber: quote?.number ?? null,
    session: session ? { start_date: session.start_date, end_date: session.end_date, title: session.title } : null,
  };
}

/** What a credit note's file is made from: the note (with its stored VAT breakdown), the invoice it corrects, the owner and the seller. */
export interface CreditNoteSources {
  creditNote: Row<CreditNote>;
  invoice: Row<Invoice>;
  owner: Studio;
  /**
   * The seller: the credit note's copy of the company profile, kept at its issue; for a note issued
   * before copies were kept, its invoice's copy, else the profile as it is now.
   */
  company: InvoiceSeller | null;
  /** The invoice's client, for the language (its identity is the invoice's `buyer`). */
  contact: ContactRow | null;
}

/** The sources of one of the owner's credit notes, or null when it no longer exists. */
export async function loadCreditNoteSources(
  sequelize: Sequelize,
  creditNoteId: string,
  ownerId: string,
): Promise<CreditNoteSources | null> {
  const creditNote = await CreditNote.findOne({ where: { id: creditNoteId, owner_id: ownerId } });
  if (!creditNote) return null;
  const [invoice, owner, company] = await Promise.all([
    Invoice.findOne({ where: { id: creditNote.invoice_id, owner_id: ownerId }, rejectOnEmpty: true }),
    findStudio(sequelize, ownerId),
    UserCompany.findOne({ where: { user_id: ownerId } }),
  ]);
  const contact = invoice.contact_id
    ? await Contact.findOne({ where: { id: invoice.contact_id, owner_id: ownerId } })
    : null;
  return { creditNote, invoice, owner, company: creditNote.seller ?? invoice.seller ?? company, contact };
}

/** What an invoice's lines sell (their type and category), which names a credit note's category of operation. */
export async function listInvoiceLineKinds(
  _sequelize: Sequelize,
  invoiceId: string,
): Promise<{ item_type: string; category: string | null }[]> {
  return InvoiceItem.findAll({
    where: { invoice_id: invoiceId },
    attributes: ['item_type', 'category'],
    raw: true,
  }) as unknown as Promise<{ item_type: string; category: string | null }[]>;
}
