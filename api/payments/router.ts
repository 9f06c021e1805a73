import { type Sequelize } from 'sequelize-typescript';
import { type Client } from '@temporalio/client';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { recordCardPayment } from '../../db/commands/record-card-payment';
import { recordWalletPayment } from '../../db/commands/record-wallet-payment';
import { findPayableInvoice } from '../../db/queries/payments';
import { countCardPayments, findOpenCardPayment } from '../../db/queries/card-payments';
import { ValidationError } from '../../domain/errors';
import { cardEventAction } from '../../domain/payments/card-events';
import { fromStoredDecimal } from '../../domain/money/currency';
import { signalInvoiceReminders } from '../../lib/jobs/invoice-reminders-signal';
import { startJob } from '../../lib/jobs/start-job';
import { callProvider } from '../../lib/payments/provider-call';
import { WALLET_SIGNATURE_HEADERS, type WalletProvider } from '../../lib/payments/walletprovider';
import { PAYMENT_EVENT_JOB, type PaymentEventPayload } from '../../workflows/payments/contract';
import { type createRouteKit } from '../http/route-kit';
import { CardEvent, PayInvoiceBody, WalletEvent, WebhookReceived } from './schema';

export interface PaymentsRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  cardProvider: Stripe;
  walletProvider: WalletProvider;
  cardWebhookSecret: string;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}

// Webhook bodies are small JSON documents; they are read raw, before express.json, to check signatures.
const rawBody = express.raw({ type: () => true, limit: '256kb' });

/**
 * Payment starts (user routes, JSON) and provider webhooks (raw bodies, no user). Mount the
 * webhook router before express.json: the card signature is over the exact bytes received.
 */
export function buildPaymentsRouters(deps: PaymentsRouterDeps): { webhooks: Router; payments: Router } {
  const { sequelize, temporal, cardProvider, walletProvider, logger, kit } = deps;
  const payments = Router();
  // The client may retry later (503); the details stay in the log.
  const provider = <T>(name: 'card' | 'wallet', call: () => Promise<T>): Promise<T> => callProvider(logger, name, call);

  kit.route(
    payments,
    {
      method: 'post',
      path: '/api/cardprovider/payments/invoices',
      operationId: 'startCardPayment',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'nothing_due'],
      summary: 'Start a card payment of an issued invoice for its balance due: the payment intent client secret',
      tag: 'payments',
      auth: 'user',
      body: PayInvoiceBody,
      status: 201,
    },
    async ({ user, body }) => {
      const invoice = await findPayableInvoice(sequelize, user.id, body.invoice_id);
      // A payment already started for this amount is handed back rather than a second intent made.
      const open = await findOpenCardPayment(sequelize, invoice.id, invoice.balance_due);
      const attempt = await countCardPayments(sequelize, invoice.id);
      // The provider takes the amount in the currency's minor unit, with its code in lower case.
      const currency = invoice.currency.toLowerCase();
      const intent = open
        ? await provider('card', () => cardProvider.paymentIntents.retrieve(open.payment_intent_id))
        : await provider('card', () =>
            cardProvider.paymentIntents.create(
              {
                amount: Number(fromStoredDecimal(invoice.balance_due, invoice.currency)),
                currency,
                metadata: { invoice_id: invoice.id, owner_id: user.id },
                automatic_payment_methods: { enabled: true },
              },
              // A retried request gets the same intent; after a failed one the attempt number moves on,
              // or the provider would hand back the failed intent for this key.
              { idempotencyKey: `invoice-${invoice.id}-${invoice.balance_due}-${attempt}` },
            ),
          );
      if (!open) await recordCardPayment(sequelize, invoice, intent.id, currency, intent.status);
      // The client is paying: the invoice's reminders hold at once (domain/invoicing/reminder-decision.ts).
      await signalInvoiceReminders(temporal, [invoice.id], logger);
      return {
        clientSecret: intent.client_secret,
        paymentIntentId: open?.payment_intent_id ?? intent.id,
        amount: invoice.balance_due,
        currency,
      };
    },
  );

  kit.route(
    payments,
    {
      method: 'post',
      path: '/api/walletprovider/payments/invoices',
      operationId: 'startWalletPayment',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'nothing_due'],
      summary: 'Start a wallet payment of an issued invoice for its balance due: the approval link the payer follows',
      tag: 'payments',
      auth: 'user',
      body: PayInvoiceBody,
      status: 201,
    },
    async ({ user, body }) => {
      const invoice = await findPayableInvoice(sequelize, user.id, body.invoice_id);
      const order = await provider('wallet', () =>
        walletProvider.createOrder({
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
    },
  );

  const webhooks = Router();
  const started = async (res: Response, payload: PaymentEventPayload, requestId?: string) => {
    // Keyed by the event: a redelivery finds the same job (and the job is idempotent anyway).
    await startJob(sequelize, temporal, PAYMENT_EVENT_JOB, `${payload.provider}:${payload.eventId}`, payload, {
      requestId,
    });
    res.status(200).json({ received: true });
  };

  webhooks.post('/api/cardprovider/webhooks', rawBody, (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const signature = req.get('stripe-signature');
      if (!signature || !Buffer.isBuffer(req.body)) throw new ValidationError('Missing signature');
      let event: Stripe.Event;
      try {
        event = cardProvider.webhooks.constructEvent(req.body, signature, deps.cardWebhookSecret);
      } catch {
        throw new ValidationError('Invalid signature');
      }
      const parsed = CardEvent.safeParse(event);
      if (!parsed.success) throw new ValidationError('Unexpected event');
      // A payment intent's events (the studio's card payments) and a hosted checkout session's (the
      // client portal's): a session completed unpaid waits for its async event (domain/payments/card-events.ts).
      const action = cardEventAction(parsed.data.type, parsed.data.data.object);
      if (action.kind === 'ignored') {
        res.status(200).json({ received: true, ignored: parsed.data.type });
        return;
      }
      await started(
        res,
        {
          provider: 'cardprovider',
          eventId: parsed.data.id,
          eventType: parsed.data.type,
          reference: action.reference,
          // Checked against the payment this service asked for (apply-payment-succeeded.ts).
          ...(action.kind === 'succeeded' && action.amountMinor !== undefined
            ? { amountMinor: action.amountMinor }
            : {}),
          ...(action.currency ? { currency: action.currency } : {}),
          ...(action.paymentIntentId ? { paymentIntentId: action.paymentIntentId } : {}),
        },
        req.requestId,
      );
    })().catch(next);
  });

  kit.document({
    method: 'post',
    path: '/api/cardprovider/webhooks',
    operationId: 'receiveCardProviderWebhook',
    summary:
      'Card provider events (Stripe-Signature over the raw body), once per event: payment_intent.succeeded, checkout.session.completed (paid) and checkout.session.async_payment_succeeded record the payment; payment_intent.payment_failed and checkout.session.async_payment_failed mark it failed',
    tag: 'payments',
    auth: 'none',
    body: CardEvent,
    response: WebhookReceived,
  });

  webhooks.post('/api/walletprovider/webhooks', rawBody, (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const headers = Object.fromEntries(WALLET_SIGNATURE_HEADERS.map((h) => [h, req.get(h) ?? ''])) as Record<
        (typeof WALLET_SIGNATURE_HEADERS)[number],
        string
      >;
      if (Object.values(headers).some((v) => !v) || !Buffer.isBuffer(req.body))
        throw new ValidationError('Missing signature');
      let body: unknown;
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        throw new ValidationError('Body is not JSON');
      }
      if (!(await provider('wallet', () => walletProvider.verifyWebhook(headers, body))))
        throw new ValidationError('Invalid signature');
      const parsed = WalletEvent.safeParse(body);
      if (!parsed.success) throw new ValidationError('Unexpected event');
      // Approved: the job captures the order; capture completed: the job marks the invoice paid.
      const orderId =
        parsed.data.event_type === 'CHECKOUT.ORDER.APPROVED'
          ? parsed.data.resource.id
          : parsed.data.event_type === 'PAYMENT.CAPTURE.COMPLETED'
            ? parsed.data.resource.supplementary_data?.related_ids.order_id
            : undefined;
      if (!orderId) {
        res.status(200).json({ received: true, ignored: parsed.data.event_type });
        return;
      }
      await started(
        res,
        { provider: 'walletprovider', eventId: parsed.data.id, eventType: parsed.data.event_type, reference: orderId },
        req.requestId,
      );
    })().catch(next);
  });

  kit.document({
    method: 'post',
    path: '/api/walletprovider/webhooks',
    operationId: 'receiveWalletProviderWebhook',
    summary:
      'Wallet provider events (verified with the provider): PAYMENT.CAPTURE.COMPLETED pays the invoice once per order',
    tag: 'payments',
    auth: 'none',
    body: WalletEvent,
    response: WebhookReceived,
  });

  return { webhooks, payments };
}
