import { type Sequelize } from 'sequelize-typescript';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { NotFoundError } from '../../domain/errors';
import { type PaymentMethod } from '../../domain/invoicing/statuses';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { InvoicePayment } from '../models/InvoicePayment';
import { PaymentReceipt } from '../models/PaymentReceipt';
import { findStudio } from './studios';
import { UserCompany } from '../models/UserCompany';
import { type ClientRef } from './client-accounts';

/**
 * Payment receipts (issue 31 §3) as the client portal lists them and as the receipt job reads
 * them. A client sees the receipts of its issued invoices (as db/queries/client-documents.ts
 * shows invoices); another client's or another studio's reads as not found.
 */

/** A receipt as the portal lists it: its invoice's number, its payment's money and method. */
export interface ClientReceipt {
  id: string;
  number: string;
  invoice_id: string;
  invoice_number: string | null;
  amount: string;
  currency: string;
  method: PaymentMethod;
  received_at: Date;
  balance_after: string;
  pdf_key: string | null;
  pdf_sha256: string | null;
  locale: UserLocale | null;
}

const clientInvoice = (account: ClientRef) => ({
  model: Invoice,
  as: 'invoice',
  required: true,
  attributes: ['id', 'number'],
  where: { owner_id: account.owner_id, contact_id: account.contact_id, status: ['ISSUED', 'CANCELLED'] },
});
const payment = {
  model: InvoicePayment,
  as: 'payment',
  required: true,
  attributes: ['amount', 'currency', 'method', 'received_at'],
};

const present = (r: PaymentReceipt): ClientReceipt => ({
  id: r.id,
  number: r.number,
  invoice_id: r.invoice_id,
  invoice_number: r.invoice!.number,
  amount: r.payment!.amount,
  currency: r.payment!.currency,
  method: r.payment!.method,
  received_at: r.payment!.received_at,
  balance_after: r.balance_after,
  pdf_key: r.pdf_key,
  pdf_sha256: r.pdf_sha256,
  locale: r.locale,
});

/** The receipts of the client's invoices, newest payment first (at most 200). */
export async function listClientReceipts(_sequelize: Sequelize, account: ClientRef): Promise<ClientReceipt[]> {
  const rows = await PaymentReceipt.findAll({
    where: { owner_id: account.owner_id },
    include: [clientInvoice(account), payment],
    order: [
      [{ model: InvoicePayment, as: 'payment' }, 'received_at', 'DESC'],
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 200,
  });
  return rows.map(present);
}

/** One receipt of one of the client's invoices, or 404 ('Receipt'). */
export async function findClientReceipt(_sequelize: Sequelize, account: ClientRef, id: string): Promise<ClientReceipt> {
  const row = await PaymentReceipt.findOne({
    where: { id, owner_id: account.owner_id },
    include: [clientInvoice(account), payment],
  });
  if (!row) throw new NotFoundError('Receipt');
  return present(row);
}

/** What the receipt job reads to render and send one receipt. */
export interface ReceiptSources {
  receipt: {
    id: string;
    number: string;
    balance_after: string;
    locale: UserLocale | null;
    pdf_key: string | null;
    pdf_sha256: string | null;
    emailed_at: Date | null;
  };
  payment: {
    id: string;
    amount: string;
    currency: string;
    method: PaymentMethod;
    received_at: Date;
    reference: string | null;
  };
  invoice: {
    id: string;
    number: string | null;
    title: string;
    amount: string;
    currency: string;
    buyer_name: string | null;
    buyer_email: string | null;
  };
  studio: {
    name: string;
    /** Street and city lines. */
    address: string[];
    /** ISO 3166-1 code (as stored), named in the reader's language by the receipt. */
    country: string | null;
    logo_key: string | null;
    time_zone: string;
  };
  /** The client's language now (contact's, else the studio's); a receipt already rendered keeps its own. */
  locale: UserLocale;
  /** Where the receipt goes: the invoice's contact's email now, else the address copied at issue. */
  email: string | null;
}

/**
 * The receipt of one of the studio's payments (by the ledger row's id) with its payment, invoice,
 * studio and client; 404 ('Receipt') when there is none (a refund or reversal, another studio's).
 */
export async function loadReceiptSources(
  sequelize: Sequelize,
  ownerId: string,
  paymentId: string,
): Promise<ReceiptSources> {
  const receipt = await PaymentReceipt.findOne({
    where: { owner_id: ownerId, invoice_payment_id: paymentId },
    include: [
      { model: InvoicePayment, as: 'payment', required: true },
      { model: Invoice, as: 'invoice', required: true },
    ],
  });
  if (!receipt) throw new NotFoundError('Receipt');
  const invoice = receipt.invoice!;
  const [owner, company, contact] = await Promise.all([
    findStudio(sequelize, ownerId),
    UserCompany.findOne({ where: { user_id: ownerId } }),
    invoice.contact_id
      ? Contact.findOne({ where: { id: invoice.contact_id, owner_id: ownerId }, attributes: ['email', 'locale'] })
      : null,
  ]);
  // The studio as the invoice shows it: the profile copied at issue, else the profile now.
  const seller = invoice.seller ?? company;
  const cityLine = [seller?.company_zipcode, seller?.company_city].filter(Boolean).join(' ');
  const p = receipt.payment!;
  return {
    receipt: {
      id: receipt.id,
      number: receipt.number,
      balance_after: receipt.balance_after,
      locale: receipt.locale,
      pdf_key: receipt.pdf_key,
      pdf_sha256: receipt.pdf_sha256,
      emailed_at: receipt.emailed_at,
    },
    payment: {
      id: p.id,
      amount: p.amount,
      currency: p.currency,
      method: p.method,
      received_at: p.received_at,
      reference: p.reference,
    },
    invoice: {
      id: invoice.id,
      number: invoice.number,
      title: invoice.title,
      amount: invoice.amount,
      currency: invoice.currency,
      buyer_name: invoice.buyer?.name ?? null,
      buyer_email: invoice.buyer?.email ?? null,
    },
    studio: {
      name: seller?.company_name || owner.name || owner.owner_email,
      address: [seller?.company_street, cityLine].filter((l): l is string => Boolean(l)),
      country: seller?.company_country ?? null,
      logo_key: owner.logo_key,
      time_zone: owner.time_zone,
    },
    locale: clientLocale(contact, owner),
    email: contact?.email ?? invoice.buyer?.email ?? null,
  };
}
