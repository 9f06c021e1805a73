import { type Sequelize } from 'sequelize-typescript';
import { CardproviderPayment } from '../models/CardproviderPayment';
import { type Invoice } from '../models/Invoice';

export async function recordCardPayment(
  _sequelize: Sequelize,
  invoice: Invoice,
  paymentIntentId: string,
  currency: string,
  status: string,
): Promise<CardproviderPayment> {
  return CardproviderPayment.create({
    invoice_id: invoice.id,
    payment_intent_id: paymentIntentId,
    amount: invoice.balance_due,
    currency,
    status: status === 'succeeded' ? 'pending' : status,
  });
}
