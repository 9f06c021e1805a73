import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { AuditLog } from '../models/AuditLog';
import { CardproviderPayment } from '../models/CardproviderPayment';
import { Invoice } from '../models/Invoice';
import { type PaymentProvider } from '../models/ProcessedProviderEvent';
import { WalletproviderPayment } from '../models/WalletproviderPayment';
import { recordDomainEvent } from './record-domain-event';

/** The owner's invoice, ready to be paid: not PAID (409, one payment per invoice) and not zero. */
export async function findPayableInvoice(ownerId: string, invoiceId: string): Promise<Invoice> {
  const invoice = await Invoice.findOne({ where: { id: invoiceId, owner_id: ownerId } });
  if (!invoice) throw new NotFoundError('Invoice');
  if (invoice.status === 'PAID') throw new ConflictError('invoice_paid', 'This invoice is already paid');
  if (Number(invoice.amount) <= 0) throw new ValidationError('Nothing to pay: the invoice amount is 0');
  return invoice;
}

export async function recordCardPayment(invoice: Invoice, paymentIntentId: string, currency: string, status: string): Promise<CardproviderPayment> {
  return CardproviderPayment.create({ invoice_id: invoice.id, payment_intent_id: paymentIntentId, amount: invoice.amount, currency, status: status === 'succeeded' ? 'pending' : status });
}

export async function recordWalletPayment(invoice: Invoice, orderId: string, currency: string, status: string): Promise<WalletproviderPayment> {
  const [payment] = await WalletproviderPayment.findOrCreate({ where: { order_id: orderId }, defaults: { invoice_id: invoice.id, order_id: orderId, amount: invoice.amount, currency, status: status === 'COMPLETED' ? 'CREATED' : status } });
  return payment;
}

export interface PaymentEvent {
  provider: PaymentProvider;
  eventId: string;
  eventType: string;
  /** The payment intent id (card) or the order id (wallet). */
  reference: string;
}

export type PaymentEventOutcome = 'paid' | 'failed' | 'already_processed' | 'already_paid' | 'unknown_payment';

/**
 * Applies a "payment succeeded" event in one transaction: the event is recorded as processed
 * (unique provider + event id: a redelivery stops here), the payment row becomes succeeded /
 * COMPLETED (a second event about the same intent or order finds it so and stops), and the
 * invoice becomes PAID with paid_at, an audit row, INVOICE_STATUS_CHANGED and PAYMENT_RECEIVED.
 */
export async function applyPaymentSucceeded(sequelize: Sequelize, event: PaymentEvent): Promise<PaymentEventOutcome> {
  return sequelize.transaction(async (transaction) => {
    const inserted = await sequelize.query<{ id: string }>(
      'INSERT INTO processed_provider_events (provider, event_id, event_type) VALUES ($1, $2, $3) ON CONFLICT (provider, event_id) DO NOTHING RETURNING id',
      { bind: [event.provider, event.eventId, event.eventType], type: QueryTypes.SELECT, transaction },
    );
    if (inserted.length === 0) return 'already_processed';
    const card = event.provider === 'cardprovider';
    const payment = card
      ? await CardproviderPayment.findOne({ where: { payment_intent_id: event.reference }, transaction, lock: transaction.LOCK.UPDATE })
      : await WalletproviderPayment.findOne({ where: { order_id: event.reference }, transaction, lock: transaction.LOCK.UPDATE });
    if (!payment) return 'unknown_payment';
    await sequelize.query('UPDATE processed_provider_events SET invoice_id = $1 WHERE id = $2', { bind: [payment.invoice_id, inserted[0].id], transaction });
    const done = card ? 'succeeded' : 'COMPLETED';
    if (payment.status === done) return 'already_processed';
    const invoice = await Invoice.findByPk(payment.invoice_id, { transaction, lock: transaction.LOCK.UPDATE, rejectOnEmpty: true });
    // One payment per invoice: a second successful payment is left as it was, for a refund by hand.
    if (invoice.status === 'PAID') return 'already_paid';
    payment.set({ status: done });
    await payment.save({ transaction });
    const from = invoice.status;
    invoice.set({ status: 'PAID', paid_at: new Date() });
    await invoice.save({ transaction });
    const entity = { entityType: 'INVOICE' as const, entityId: invoice.id, ownerId: invoice.owner_id };
    await AuditLog.create(
      { actor_id: null, action: 'UPDATE', entity_type: 'INVOICE', entity_id: invoice.id, resource_owner_id: invoice.owner_id, request_id: null, metadata: { changed: ['status', 'paid_at'], status: { from, to: 'PAID' }, payment: { provider: event.provider, reference: event.reference, event_id: event.eventId, amount: payment.amount, currency: payment.currency } } },
      { transaction },
    );
    const after = invoice.get({ plain: true }) as Record<string, unknown>;
    await recordDomainEvent({ eventType: 'INVOICE_STATUS_CHANGED', ...entity, payload: { ...after, previous_status: from } }, transaction);
    await recordDomainEvent({ eventType: 'PAYMENT_RECEIVED', ...entity, payload: { ...after, payment_provider: event.provider, payment_reference: event.reference, payment_amount: payment.amount, payment_currency: payment.currency } }, transaction);
    return 'paid';
  });
}

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
    const payment = await CardproviderPayment.findOne({ where: { payment_intent_id: event.reference }, transaction, lock: transaction.LOCK.UPDATE });
    if (!payment) return 'unknown_payment';
    await sequelize.query('UPDATE processed_provider_events SET invoice_id = $1 WHERE id = $2', { bind: [payment.invoice_id, inserted[0].id], transaction });
    if (payment.status === 'succeeded') return 'already_paid';
    payment.set({ status: 'failed' });
    await payment.save({ transaction });
    return 'failed';
  });
}
