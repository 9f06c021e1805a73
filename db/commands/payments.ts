import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { isCheckoutSessionEvent } from '../../domain/payments/card-events';
import { CardproviderPayment } from '../models/CardproviderPayment';
import { WalletproviderPayment } from '../models/WalletproviderPayment';
import { type PaymentProvider } from '../models/ProcessedProviderEvent';

export interface PaymentEvent {
  provider: PaymentProvider;
  eventId: string;
  eventType: string;
  /** The payment intent id or the checkout session id (card; by the event's type), or the order id (wallet). */
  reference: string;
  /** A checkout session's payment intent, once it has one (the ledger's reference: refunds go through it). */
  paymentIntentId?: string;
  /** The amount (minor units) and currency the provider's event states, when it states them. */
  amountMinor?: number;
  currency?: string;
}

export type PaymentEventOutcome =
  | 'paid'
  | 'failed'
  | 'already_processed'
  | 'already_paid'
  | 'unknown_payment'
  | 'amount_mismatch';

/**
 * The first steps of applying a provider's event, in the caller's transaction: the event recorded
 * as processed (unique provider + event id: a redelivery answers 'already_processed'), its payment
 * row locked (by payment intent, checkout session or order; none answers 'unknown_payment'), and the processed event tied to that payment's invoice.
 */
export async function takePaymentEvent(
  sequelize: Sequelize,
  event: PaymentEvent,
  transaction: Transaction,
): Promise<CardproviderPayment | WalletproviderPayment | 'already_processed' | 'unknown_payment'> {
  const inserted = await sequelize.query<{ id: string }>(
    'INSERT INTO processed_provider_events (provider, event_id, event_type) VALUES ($1, $2, $3) ON CONFLICT (provider, event_id) DO NOTHING RETURNING id',
    { bind: [event.provider, event.eventId, event.eventType], type: QueryTypes.SELECT, transaction },
  );
  if (inserted.length === 0) return 'already_processed';
  const payment =
    event.provider === 'cardprovider'
      ? await CardproviderPayment.findOne({
          // A hosted checkout session's events name the session; a payment intent's, the intent.
          where: isCheckoutSessionEvent(event.eventType)
            ? { checkout_session_id: event.reference }
            : { payment_intent_id: event.reference },
          transaction,
          lock: transaction.LOCK.UPDATE,
        })
      : await WalletproviderPayment.findOne({
          where: { order_id: event.reference },
          transaction,
          lock: transaction.LOCK.UPDATE,
        });
  if (!payment) return 'unknown_payment';
  await sequelize.query('UPDATE processed_provider_events SET invoice_id = $1 WHERE id = $2', {
    bind: [payment.invoice_id, inserted[0].id],
    transaction,
  });
  return payment;
}
