import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { CardproviderPayment } from '../models/CardproviderPayment';
import { type PaymentEvent, type PaymentEventOutcome } from './payments';

/**
 * A card payment that failed (payment_intent.payment_failed): the payment row becomes `failed`
 * unless it already succeeded; the invoice is untouched (the client may pay again). Recorded as
 * processed in the same transaction, like a success.
 */
export async function applyCardPaymentFailed(sequelize: Sequelize, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return sequelize.transaction(async (transaction) => {
    const inserted = await sequelize.query<{ id: string }>(
      'INSERT INTO processed_provider_events (provider, event_id, event_type) VALUES ($1, $2, $3) ON CONFLICT (provider, event_id) DO NOTHING RETURNING id',
      { bind: [event.provider, event.eventId, event.eventType], type: QueryTypes.SELECT, transaction },
    );
    if (inserted.length === 0) return 'already_processed';
    const payment = await CardproviderPayment.findOne({
      where: { payment_intent_id: event.reference },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!payment) return 'unknown_payment';
    await sequelize.query('UPDATE processed_provider_events SET invoice_id = $1 WHERE id = $2', {
      bind: [payment.invoice_id, inserted[0].id],
      transaction,
    });
    if (payment.status === 'succeeded') return 'already_paid';
    payment.set({ status: 'failed' });
    await payment.save({ transaction });
    return 'failed';
  });
}
