import { type Sequelize } from 'sequelize-typescript';
import { type Invoice } from '../models/Invoice';
import { WalletproviderPayment } from '../models/WalletproviderPayment';

/**
 * A wallet order started for an invoice: a row per order (a repeated start of the same order finds
 * it), for `amount` (a decimal string; the balance due unless told, e.g. one installment).
 */
export async function recordWalletPayment(
  _sequelize: Sequelize,
  invoice: Invoice,
  orderId: string,
  currency: string,
  status: string,
  amount: string = invoice.balance_due,
): Promise<WalletproviderPayment> {
  const [payment] = await WalletproviderPayment.findOrCreate({
    where: { order_id: orderId },
    defaults: {
      invoice_id: invoice.id,
      order_id: orderId,
      amount,
      currency,
      status: status === 'COMPLETED' ? 'CREATED' : status,
    },
  });
  return payment;
}
