import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import {
  type CreditNoteEntry,
  type LedgerEntry,
  type LedgerSummary,
  summarizeLedger,
} from '../../domain/invoicing/ledger';
import { toHundredths } from '../../domain/invoicing/money';
import { type Page, type PageRequest } from '../../domain/pagination';
import { CreditNote } from '../models/CreditNote';
import { Invoice } from '../models/Invoice';
import { InvoicePayment } from '../models/InvoicePayment';
import { findPage } from './find-page';

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
  return findPage(
    CreditNote,
    {
      where: { owner_id: ownerId },
      include: [{ model: Invoice, as: 'invoice', attributes: ['id', 'number', 'title'] }],
    },
    page,
    'issued_at',
  );
}

/** The owner's credit note with its invoice's number, or null. */
export function findOwnCreditNote(_sequelize: Sequelize, ownerId: string, id: string): Promise<CreditNote | null> {
  return CreditNote.findOne({
    where: { id, owner_id: ownerId },
    include: [{ model: Invoice, as: 'invoice', attributes: ['id', 'number', 'title'] }],
  });
}

/** An issued invoice, the only kind money or credit notes can be recorded against. */
export function assertIssued(invoice: Invoice): void {
  if (invoice.status === 'DRAFT')
    throw new ConflictError(
      'invoice_not_issued',
      'This invoice is a draft: issue it first (POST /api/invoices/:id/issue)',
    );
  if (invoice.status === 'CANCELLED')
    throw new ConflictError(
      'invoice_cancelled',
      `Invoice ${invoice.number} is cancelled by its credit notes: nothing more can be recorded on it`,
    );
}

/** The invoice's ledger rows and credit notes, as the domain reads them. */
export async function loadLedger(
  _sequelize: Sequelize,
  invoiceId: string,
  transaction?: Transaction,
): Promise<{ rows: InvoicePayment[]; entries: LedgerEntry[]; creditNotes: CreditNoteEntry[] }> {
  const [rows, notes] = await Promise.all([
    InvoicePayment.findAll({
      where: { invoice_id: invoiceId },
      order: [
        ['received_at', 'ASC'],
        ['created_at', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    }),
    CreditNote.findAll({ where: { invoice_id: invoiceId }, attributes: ['id', 'amount', 'issued_at'], transaction }),
  ]);
  const entries = rows.map(
    (r): LedgerEntry =>
      r.kind === 'reversal'
        ? { kind: 'reversal', id: r.id, reverses: r.reverses_id!, receivedAt: r.received_at }
        : { kind: r.kind, id: r.id, amountCents: toHundredths(r.amount), receivedAt: r.received_at },
  );
  return {
    rows,
    entries,
    creditNotes: notes.map((n) => ({ id: n.id, amountCents: toHundredths(n.amount), issuedAt: n.issued_at })),
  };
}

export async function ledgerSummary(
  sequelize: Sequelize,
  invoice: Invoice,
  transaction?: Transaction,
): Promise<LedgerSummary> {
  const { entries, creditNotes } = await loadLedger(sequelize, invoice.id, transaction);
  return summarizeLedger(toHundredths(invoice.amount), entries, creditNotes);
}
