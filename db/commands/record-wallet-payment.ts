import { type Sequelize } from 'sequelize-typescript';
import { type Invoice } from '../models/Invoice';
import { WalletproviderPayment } from '../models/WalletproviderPayment';

export async function recordWalletPayment(
  _sequelize: Sequelize,
  invoice: Invoice,
  orderId: string,
  currency: string,
  status: string,
): Promise<WalletproviderPayment> {
  const [payment] = await WalletproviderPayment.findOrCreate({
    where: { order_id: orderId },
    defaults: {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: invoice.balance_due,
      currency,
      status: status === 'COMPLETED' ? 'CREATED' : status,
    },
  });
  return payment;
}
