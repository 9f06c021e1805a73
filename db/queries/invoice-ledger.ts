import { type Sequelize } from 'sequelize-typescript';
import { type Page, pageOffset, type PageRequest } from '../../domain/pagination';
import { CreditNote } from '../models/CreditNote';
import { Invoice } from '../models/Invoice';
import { InvoicePayment } from '../models/InvoicePayment';

/** The ledger rows of the owner's invoice, oldest first; 404 handling is the caller's (the invoice is checked first). */
export function listInvoicePayments(
  _sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
): Promise<InvoicePayment[]> {
  return InvoicePayment.findAll({
    where: { owner_id: ownerId, invoice_id: invoiceId },
    order: [
      ['received_at', 'ASC'],
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** The credit notes of the owner's invoice, in issue order. */
export function listInvoiceCreditNotes(
  _sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
): Promise<CreditNote[]> {
  return CreditNote.findAll({
    where: { owner_id: ownerId, invoice_id: invoiceId },
    order: [
      ['issued_at', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** A page of the studio's credit notes, newest first, each with its invoice's number. */
export async function listCreditNotes(
  _sequelize: Sequelize,
  ownerId: string,
  page: PageRequest,
): Promise<Page<CreditNote>> {
  const { rows, count } = await CreditNote.findAndCountAll({
    where: { owner_id: ownerId },
    include: [{ model: Invoice, as: 'invoice', attributes: ['id', 'number', 'title'] }],
    order: [
      ['issued_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: page.limit,
    offset: pageOffset(page),
  });
  return { items: rows, total: count, page: page.page, limit: page.limit };
}

/** The owner's credit note with its invoice's number, or null. */
export function findOwnCreditNote(_sequelize: Sequelize, ownerId: string, id: string): Promise<CreditNote | null> {
  return CreditNote.findOne({
    where: { id, owner_id: ownerId },
    include: [{ model: Invoice, as: 'invoice', attributes: ['id', 'number', 'title'] }],
  });
}
