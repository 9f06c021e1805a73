import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { centsToDecimal } from '../../domain/invoicing/money';
import { type Invoice } from '../models/Invoice';
import { type InvoicePayment } from '../models/InvoicePayment';
import { PaymentReceipt } from '../models/PaymentReceipt';

/**
 * The receipt of a payment just appended to the ledger (issue 31 §3), in the payment's own
 * transaction, the invoice row locked by the caller (db/commands/invoice-ledger.ts#addPayment):
 * its number, `<invoice number>-R<n>` with n the invoice's next receipt (the lock keeps two
 * payments of one invoice from drawing the same n), and the balance still due right after it.
 * Its pdf and email follow from the receipt job, started by the payment's PAYMENT_RECEIVED.
 */
export async function recordPaymentReceipt(
  _sequelize: Sequelize,
  invoice: Invoice,
  payment: InvoicePayment,
  balanceAfterCents: bigint,
  transaction: Transaction,
): Promise<PaymentReceipt> {
  const earlier = await PaymentReceipt.count({ where: { invoice_id: invoice.id }, transaction });
  const sequence = earlier + 1;
  return PaymentReceipt.create(
    {
      owner_id: invoice.owner_id,
      invoice_id: invoice.id,
      invoice_payment_id: payment.id,
      sequence,
      // An issued invoice has its number; a provider's payment of an unnumbered one keeps its id's start.
      number: `${invoice.number ?? invoice.id.slice(0, 8)}-R${sequence}`,
      balance_after: centsToDecimal(balanceAfterCents > 0n ? balanceAfterCents : 0n),
    },
    { transaction },
  );
}
