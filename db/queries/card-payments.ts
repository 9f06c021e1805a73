import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { CardproviderPayment } from '../models/CardproviderPayment';

/** Card payment statuses that may still succeed: a new start for the same amount hands such a payment back. */
const OPEN_STATUSES = ['pending', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

/**
 * The newest card payment intent of the invoice for this amount that may still succeed, or null.
 * A hosted checkout session (the client portal's) is not one: its page is the provider's.
 */
export async function findOpenCardPayment(
  _sequelize: Sequelize,
  invoiceId: string,
  amount: string,
): Promise<{ payment_intent_id: string } | null> {
  const open = await CardproviderPayment.findOne({
    where: {
      invoice_id: invoiceId,
      amount,
      status: OPEN_STATUSES,
      checkout_session_id: null,
      payment_intent_id: { [Op.ne]: null },
    },
    order: [['created_at', 'DESC']],
  });
  return open?.payment_intent_id ? { payment_intent_id: open.payment_intent_id } : null;
}

/** How many card payments the invoice has had (the attempt number of the next one). */
export function countCardPayments(_sequelize: Sequelize, invoiceId: string): Promise<number> {
  return CardproviderPayment.count({ where: { invoice_id: invoiceId } });
}

/** Whether a hosted checkout session already has its card payment row (a retried booking deposit). */
export async function hasCardPaymentForSession(_sequelize: Sequelize, checkoutSessionId: string): Promise<boolean> {
  return (await CardproviderPayment.count({ where: { checkout_session_id: checkoutSessionId } })) > 0;
}
