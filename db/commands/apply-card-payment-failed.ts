import { type Sequelize } from 'sequelize-typescript';
import { type PaymentEvent, type PaymentEventOutcome, takePaymentEvent } from './payments';

/**
 * A card payment that failed (payment_intent.payment_failed): the payment row becomes `failed`
 * unless it already succeeded; the invoice is untouched (the client may pay again). Recorded as
 * processed in the same transaction, like a success.
 */
export async function applyCardPaymentFailed(sequelize: Sequelize, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return sequelize.transaction(async (transaction) => {
    const payment = await takePaymentEvent(sequelize, event, transaction);
    if (typeof payment === 'string') return payment;
    if (payment.status === 'succeeded') return 'already_paid';
    payment.set({ status: 'failed' });
    await payment.save({ transaction });
    return 'failed';
  });
}
