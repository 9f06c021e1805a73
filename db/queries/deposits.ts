import { type Sequelize } from 'sequelize-typescript';
import { Op, type Transaction } from 'sequelize';
import { type UserLocale } from '../../domain/accounts/users';
import { formatDateInZone } from '../../domain/wall-clock';
import { type DepositDeduction, depositDeductions, remainingDeposit } from '../../domain/invoicing/deposits';
import { vatPartsOf } from '../../domain/invoicing/stored-vat';
import { computeTotals } from '../../domain/invoicing/totals';
import { taxPartsOf } from '../../domain/invoicing/credit-taxes';
import { usesTaxLines } from '../../domain/invoicing/line-taxes';
import { remainingTaxDeposit, taxSetParts } from '../../domain/invoicing/tax-deposits';
import { CreditNote } from '../models/CreditNote';
import { Invoice } from '../models/Invoice';
import { InvoiceItem } from '../models/InvoiceItem';
import { Session } from '../models/Session';

/** A quote's deposit invoices as its final invoice sees them. */
export interface QuoteDeposits {
  /** Deposit invoices still drafts: the final invoice waits for them (409 deposit_draft). */
  drafts: Pick<Invoice, 'id' | 'deposit_installment'>[];
  /** Installments billed by a deposit that is not cancelled (issued or draft). */
  installments: Set<number>;
  /** The deduction lines the final invoice carries: every issued deposit net of its credit notes, per rate. */
  deductions: DepositDeduction[];
}

/**
 * The deposit invoices of one of the owner's quotes and what the final invoice deducts for them
 * (issue 21 §1): each issued deposit (ISSUED; a CANCELLED one is fully credited), by issue, with
 * what its credit notes left per rate, labelled with its number and issue day (studio's calendar)
 * in `locale`, the client's language. With `lock`, the deposits are share-locked until the
 * transaction ends.
 */
export async function quoteDeposits(
  _sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  timeZone: string,
  locale: UserLocale,
  transaction?: Transaction,
  lock = false,
): Promise<QuoteDeposits> {
  const where = {
    owner_id: ownerId,
    quote_id: quoteId,
    deposit_installment: { [Op.ne]: null },
    status: { [Op.ne]: 'CANCELLED' },
  };
  // Share-locked (the final invoice's issue): a credit note or an issue of one of them, which lock it for update, waits for our commit.
  if (lock && transaction)
    await Invoice.findAll({ where, attributes: ['id'], lock: transaction.LOCK.SHARE, transaction });
  const deposits = await Invoice.findAll({
    where,
    include: [{ model: InvoiceItem, as: 'items' }],
    order: [
      ['issued_at', 'ASC'],
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const issued = deposits.filter((d) => d.status === 'ISSUED');
  const credits = issued.length
    ? await CreditNote.findAll({
        where: { invoice_id: issued.map((d) => d.id) },
        attributes: ['invoice_id', 'vat_parts', 'tax_parts'],
        transaction,
      })
    : [];
  const remaining = issued.map((d) => {
    const own = credits.filter((c) => c.invoice_id === d.id);
    const base = {
      invoiceId: d.id,
      number: d.number ?? '',
      issuedOn: formatDateInZone(d.issued_at ?? d.created_at, timeZone),
    };
    // A deposit of a quote with tax lines: what is left per set of taxes (tax-deposits.ts).
    if (usesTaxLines(d.items ?? []))
      return {
        ...base,
        remaining: [],
        remainingTaxes: remainingTaxDeposit(
          taxSetParts(d.items ?? []),
          own.map((c) => taxPartsOf(c.tax_parts ?? [])),
        ),
      };
    return {
      ...base,
      remaining: remainingDeposit(
        computeTotals(d.items ?? []).vat,
        own.map((c) => vatPartsOf(c.vat_parts)),
      ),
    };
  });
  return {
    drafts: deposits.filter((d) => d.status === 'DRAFT'),
    installments: new Set(deposits.map((d) => d.deposit_installment!)),
    deductions: depositDeductions(remaining, locale),
  };
}

/** An invoice's own deduction lines as stored, to compare with what its quote's deposits say now. */
export async function storedDeductions(
  _sequelize: Sequelize,
  invoiceId: string,
  transaction?: Transaction,
): Promise<InvoiceItem[]> {
  return InvoiceItem.findAll({
    where: { invoice_id: invoiceId, item_type: 'DEPOSIT' },
    order: [
      ['display_order', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
}

/** The live invoices made from a quote that are not deposits (a final invoice, drafted or issued, not cancelled). */
export async function liveFinalInvoices(
  _sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  transaction?: Transaction,
): Promise<number> {
  return Invoice.count({
    where: { owner_id: ownerId, quote_id: quoteId, deposit_installment: null, status: { [Op.ne]: 'CANCELLED' } },
    transaction,
  });
}

/** Every deposit invoice of one of the owner's quotes (drafts, issued and cancelled), with its lines, by installment then creation. */
export async function listQuoteDeposits(_sequelize: Sequelize, ownerId: string, quoteId: string): Promise<Invoice[]> {
  return Invoice.findAll({
    where: { owner_id: ownerId, quote_id: quoteId, deposit_installment: { [Op.ne]: null } },
    include: [
      { model: InvoiceItem, as: 'items' },
      { model: Session, as: 'session', attributes: ['id', 'start_date'] },
    ],
    order: [
      ['deposit_installment', 'ASC'],
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}
