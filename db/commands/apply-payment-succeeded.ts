import { type Sequelize } from 'sequelize-typescript';
import { toHundredths } from '../../domain/invoicing/money';
import { fromStoredDecimal } from '../../domain/money/currency';
import { type CardproviderPayment } from '../models/CardproviderPayment';
import { Invoice } from '../models/Invoice';
import { addPayment } from './invoice-ledger';
import { type PaymentEvent, type PaymentEventOutcome, takePaymentEvent } from './payments';

/** Whether an event's stated amount and currency (when it states them) are the payment's. */
function sameMoney(event: PaymentEvent, amount: string, currency: string): boolean {
  if (event.currency !== undefined && event.currency.toUpperCase() !== currency.toUpperCase()) return false;
  return (
    event.amountMinor === undefined || BigInt(event.amountMinor) === fromStoredDecimal(amount, currency.toUpperCase())
  );
}

/**
 * Applies a "payment succeeded" event in one transaction: the event is recorded as processed
 * (unique provider + event id: a redelivery stops here), the payment row becomes succeeded /
 * COMPLETED (a second event about the same intent or order finds it so and stops), and its money
 * lands in the invoice's payments ledger (addPayment: the invoice settled, an audit row,
 * PAYMENT_RECEIVED, and INVOICE_STATUS_CHANGED when its payment status moves). Money the provider
 * took beyond the balance (a second payment of a paid invoice) is kept as an overpayment, for the
 * studio to refund through a credit note.
 */
export async function applyPaymentSucceeded(sequelize: Sequelize, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return sequelize.transaction(async (transaction) => {
    const payment = await takePaymentEvent(sequelize, event, transaction);
    if (typeof payment === 'string') return payment;
    const card = event.provider === 'cardprovider';
    const done = card ? 'succeeded' : 'COMPLETED';
    if (payment.status === done) return 'already_processed';
    // The money the provider says it took must be the payment this service asked for (issue 30 §1:
    // its amount in the invoice's currency); anything else is kept out of the ledger for a person to see.
    if (!sameMoney(event, payment.amount, payment.currency)) return 'amount_mismatch';
    const invoice = await Invoice.findByPk(payment.invoice_id, {
      transaction,
      lock: transaction.LOCK.UPDATE,
      rejectOnEmpty: true,
    });
    const paidBefore = invoice.payment_status === 'PAID';
    // A hosted checkout session's money is its payment intent's: the ledger names the intent, which
    // a card refund goes through (lib/payments/refund-credit-note.ts).
    const intentId = card ? (event.paymentIntentId ?? (payment as CardproviderPayment).payment_intent_id) : null;
    const entry = await addPayment(
      sequelize,
      invoice,
      {
        amountCents: toHundredths(payment.amount),
        method: card ? 'card' : 'wallet',
        receivedAt: new Date(),
        currency: payment.currency,
        providerReference: intentId ?? event.reference,
        allowOverpayment: true,
      },
      transaction,
      null,
    );
    payment.set({ status: done, ledger_entry_id: entry.id });
    if (card && intentId && !(payment as CardproviderPayment).payment_intent_id)
      (payment as CardproviderPayment).set({ payment_intent_id: intentId });
    await payment.save({ transaction });
    return paidBefore ? 'already_paid' : 'paid';
  });
}
