import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import type Stripe from 'stripe';
import { recordCardPayment } from '../../db/commands/record-card-payment';
import { recordWalletPayment } from '../../db/commands/record-wallet-payment';
import { countCardPayments, findOpenCardPayment } from '../../db/queries/card-payments';
import { findPayableInvoice } from '../../db/queries/payments';
import { fromStoredDecimal } from '../../domain/money/currency';
import { signalInvoiceReminders } from '../../lib/jobs/invoice-reminders-signal';
import { startJob } from '../../lib/jobs/start-job';
import { callProvider } from '../../lib/payments/provider-call';
import { type WalletProvider } from '../../lib/payments/walletprovider';
import { PAYMENT_EVENT_JOB, type PaymentEventPayload } from '../../workflows/payments/contract';

/**
 * A card payment of an issued invoice for its balance due, started by the studio: the payment
 * intent, recorded as the invoice's open card payment. A payment already started for this amount
 * is handed back rather than a second intent made. The client is paying: the invoice's reminders
 * hold at once (domain/invoicing/reminder-decision.ts). A provider that fails is a 503 (the client
 * may retry later); the details stay in the log.
 */
export async function startCardPayment(
  sequelize: Sequelize,
  deps: { temporal: Client; cardProvider: Stripe; logger: Logger },
  ownerId: string,
  invoiceId: string,
) {
  const { cardProvider, logger } = deps;
  const invoice = await findPayableInvoice(sequelize, ownerId, invoiceId);
  const open = await findOpenCardPayment(sequelize, invoice.id, invoice.balance_due);
  const attempt = await countCardPayments(sequelize, invoice.id);
  // The provider takes the amount in the currency's minor unit, with its code in lower case.
  const currency = invoice.currency.toLowerCase();
  const intent = open
    ? await callProvider(logger, 'card', () => cardProvider.paymentIntents.retrieve(open.payment_intent_id))
    : await callProvider(logger, 'card', () =>
        cardProvider.paymentIntents.create(
          {
            amount: Number(fromStoredDecimal(invoice.balance_due, invoice.currency)),
            currency,
            metadata: { invoice_id: invoice.id, owner_id: ownerId },
            automatic_payment_methods: { enabled: true },
          },
          // A retried request gets the same intent; after a failed one the attempt number moves on,
          // or the provider would hand back the failed intent for this key.
          { idempotencyKey: `invoice-${invoice.id}-${invoice.balance_due}-${attempt}` },
        ),
      );
  if (!open) await recordCardPayment(sequelize, invoice, intent.id, currency, intent.status);
  await signalInvoiceReminders(deps.temporal, [invoice.id], logger);
  return {
    clientSecret: intent.client_secret,
    paymentIntentId: open?.payment_intent_id ?? intent.id,
    amount: invoice.balance_due,
    currency,
  };
}

/** A wallet payment of an issued invoice for its balance due: the provider's order, recorded, and the link the payer follows. */
export async function startWalletPayment(
  sequelize: Sequelize,
  deps: { walletProvider: WalletProvider; logger: Logger },
  ownerId: string,
  invoiceId: string,
) {
  const invoice = await findPayableInvoice(sequelize, ownerId, invoiceId);
  const order = await callProvider(deps.logger, 'wallet', () =>
    deps.walletProvider.createOrder({
      amount: invoice.balance_due,
      currency: invoice.currency,
      invoiceId: invoice.id,
      description: invoice.title,
    }),
  );
  await recordWalletPayment(sequelize, invoice, order.orderId, invoice.currency, order.status);
  return {
    approvalUrl: order.approvalUrl,
    orderId: order.orderId,
    amount: invoice.balance_due,
    currency: invoice.currency,
  };
}

/** A provider's event, handed to its durable job. Keyed by the event: a redelivery finds the same job (and the job is idempotent anyway). */
export async function receivePaymentEvent(
  sequelize: Sequelize,
  temporal: Client,
  payload: PaymentEventPayload,
  requestId?: string,
): Promise<void> {
  await startJob(sequelize, temporal, PAYMENT_EVENT_JOB, `${payload.provider}:${payload.eventId}`, payload, {
    requestId,
  });
}
