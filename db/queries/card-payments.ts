import { type Sequelize } from 'sequelize-typescript';
import { CardproviderPayment } from '../models/CardproviderPayment';

/** Card payment statuses that may still succeed: a new start for the same amount hands such a payment back. */
const OPEN_STATUSES = ['pending', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

/** The newest card payment of the invoice for this amount that may still succeed, or null. */
export async function findOpenCardPayment(
  _sequelize: Sequelize,
  invoiceId: string,
  amount: string,
): Promise<{ payment_intent_id: string } | null> {
  return CardproviderPayment.findOne({
    where: { invoice_id: invoiceId, amount, status: OPEN_STATUSES },
    order: [['created_at', 'DESC']],
  });
}

/** How many card payments the invoice has had (the attempt number of the next one). */
export function countCardPayments(_sequelize: Sequelize, invoiceId: string): Promise<number> {
  return CardproviderPayment.count({ where: { invoice_id: invoiceId } });
}
