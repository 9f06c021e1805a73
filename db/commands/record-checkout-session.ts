import { type Sequelize } from 'sequelize-typescript';
import { CardproviderPayment } from '../models/CardproviderPayment';

/**
 * A hosted checkout session started for an invoice (issue 31 §3): a pending card payment naming
 * the session, for the amount and currency it charges (a decimal string, the provider's lower-case
 * code). Its payment intent is recorded when the session completes (applyPaymentSucceeded).
 */
export function recordCheckoutSession(
  _sequelize: Sequelize,
  invoiceId: string,
  session: { checkoutSessionId: string; amount: string; currency: string },
): Promise<CardproviderPayment> {
  return CardproviderPayment.create({
    invoice_id: invoiceId,
    checkout_session_id: session.checkoutSessionId,
    payment_intent_id: null,
    amount: session.amount,
    currency: session.currency.toLowerCase(),
    status: 'pending',
  });
}
