import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { toHundredths } from '../../domain/invoicing/money';
import { Invoice } from '../models/Invoice';
import { assertIssued } from './invoice-ledger';
/**
 * The owner's invoice, ready to be paid by card or wallet: issued (409 for a draft or a cancelled
 * one) with a balance due (409 `nothing_due` when paid in full). The provider charges its
 * `balance_due`: a deposit paid by transfer leaves the rest for the card.
 */
export async function findPayableInvoice(_sequelize: Sequelize, ownerId: string, invoiceId: string): Promise<Invoice> {
  const invoice = await Invoice.findOne({ where: { id: invoiceId, owner_id: ownerId } });
  if (!invoice) throw new NotFoundError('Invoice');
  assertIssued(invoice);
  if (toHundredths(invoice.balance_due) <= 0n) {
    throw new ConflictError(
      'nothing_due',
      invoice.payment_status === 'PAID' ? 'This invoice is already paid' : 'Nothing is due on this invoice',
    );
  }
  return invoice;
}
