import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { CreditNote } from '../models/CreditNote';
import { Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { InvoicePayment } from '../models/InvoicePayment';
import { Quote } from '../models/Quote';
import { QuoteItem } from '../models/QuoteItem';
import { type ClientRef } from './client-accounts';
import { scheduleSessionInclude } from './schedule-session';

/**
 * The documents a client sees in the portal (issue 31 §1): those of the client's studio addressed
 * to the client's contact, and only once the client was meant to see them: a quote sent (or
 * answered), an invoice issued (or cancelled by a credit note). Drafts, another client's and
 * another studio's read as not found, as if they did not exist.
 */
const VISIBLE_QUOTE_STATUSES = ['SENT', 'ACCEPTED', 'REJECTED'] as const;
const VISIBLE_INVOICE_STATUSES = ['ISSUED', 'CANCELLED'] as const;

const quoteWhere = (account: ClientRef) => ({
  owner_id: account.owner_id,
  contact_id: account.contact_id,
  status: [...VISIBLE_QUOTE_STATUSES],
});
const invoiceWhere = (account: ClientRef) => ({
  owner_id: account.owner_id,
  contact_id: account.contact_id,
  status: [...VISIBLE_INVOICE_STATUSES],
});
const byDisplayOrder = [
  ['display_order', 'ASC'],
  ['id', 'ASC'],
] as [string, string][];

/** The client's quotes, newest first (at most 100). */
export function listClientQuotes(_sequelize: Sequelize, account: ClientRef): Promise<Quote[]> {
  return Quote.findAll({
    where: quoteWhere(account),
    include: [scheduleSessionInclude()],
    order: [['created_at', 'DESC']],
    limit: 100,
  });
}

/** One of the client's quotes with its lines, or 404 ('Quote'). */
export async function findClientQuote(_sequelize: Sequelize, account: ClientRef, id: string): Promise<Quote> {
  const quote = await Quote.findOne({
    where: { id, ...quoteWhere(account) },
    include: [{ model: QuoteItem, as: 'items' }, scheduleSessionInclude()],
    order: [[{ model: QuoteItem, as: 'items' }, ...byDisplayOrder[0]]],
  });
  if (!quote) throw new NotFoundError('Quote');
  return quote;
}

/** The client's issued invoices, newest first (at most 100). */
export function listClientInvoices(_sequelize: Sequelize, account: ClientRef): Promise<Invoice[]> {
  return Invoice.findAll({
    where: invoiceWhere(account),
    include: [scheduleSessionInclude()],
    order: [['issued_at', 'DESC']],
    limit: 100,
  });
}

/** One of the client's issued invoices with its lines, or 404 ('Invoice'). */
export async function findClientInvoice(_sequelize: Sequelize, account: ClientRef, id: string): Promise<Invoice> {
  const invoice = await Invoice.findOne({
    where: { id, ...invoiceWhere(account) },
    include: [{ model: InvoiceItem, as: 'items' }, scheduleSessionInclude()],
    order: [[{ model: InvoiceItem, as: 'items' }, ...byDisplayOrder[0]]],
  });
  if (!invoice) throw new NotFoundError('Invoice');
  return invoice;
}

/** The credit notes of the client's invoices, newest first (at most 100). */
export async function listClientCreditNotes(sequelize: Sequelize, account: ClientRef): Promise<CreditNote[]> {
  const invoices = await listClientInvoices(sequelize, account);
  if (invoices.length === 0) return [];
  return CreditNote.findAll({
    where: { owner_id: account.owner_id, invoice_id: { [Op.in]: invoices.map((i) => i.id) } },
    order: [['issued_at', 'DESC']],
    limit: 100,
  });
}

/** One credit note of one of the client's invoices, or 404 ('Credit note'). */
export async function findClientCreditNote(_sequelize: Sequelize, account: ClientRef, id: string): Promise<CreditNote> {
  const note = await CreditNote.findOne({
    where: { id, owner_id: account.owner_id },
    include: [{ model: Invoice, as: 'invoice', where: invoiceWhere(account), required: true, attributes: ['id'] }],
  });
  if (!note) throw new NotFoundError('Credit note');
  return note;
}

/** The payments and refunds of the client's invoices (the ledger's rows), newest first (at most 200). */
export async function listClientPayments(sequelize: Sequelize, account: ClientRef): Promise<InvoicePayment[]> {
  const invoices = await listClientInvoices(sequelize, account);
  if (invoices.length === 0) return [];
  return InvoicePayment.findAll({
    where: { owner_id: account.owner_id, invoice_id: { [Op.in]: invoices.map((i) => i.id) } },
    order: [['received_at', 'DESC']],
    limit: 200,
  });
}
