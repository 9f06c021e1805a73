import { type Sequelize } from 'sequelize-typescript';
import { type Client } from '@temporalio/client';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { type z } from 'zod';
import { ValidationError } from '../../domain/errors';
import { cardEventAction } from '../../domain/payments/card-events';
import { callProvider } from '../../lib/payments/provider-call';
import { WALLET_SIGNATURE_HEADERS, type WalletProvider } from '../../lib/payments/walletprovider';
import { type PaymentEventPayload } from '../../workflows/payments/contract';
import { receivePaymentEvent, startCardPayment, startWalletPayment } from '../../services/payments/invoice-payment';
import { type createRouteKit, registerRoutes, type RouteContext, routesFor } from '../http/route-kit';
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

type PayContext = Pick<RouteContext<unknown, unknown, z.infer<typeof PayInvoiceBody>>, 'user' | 'body'>;
const tag = 'payments';
const route = routesFor<PaymentsRouterDeps, PaymentsRouterDeps>();

/** The payment starts (user routes, JSON), in the document's order. */
const PAYMENT_ROUTES = [
  route(
    {
      method: 'post',
      path: '/api/cardprovider/payments/invoices',
      operationId: 'startCardPayment',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'nothing_due'],
      summary: 'Start a card payment of an issued invoice for its balance due: the payment intent client secret',
      tag,
      auth: 'user',
      body: PayInvoiceBody,
      status: 201,
    },
    (deps) =>
      async ({ user, body }: PayContext) =>
        startCardPayment(deps.sequelize, deps, user.orgId, body.invoice_id),
  ),
  route(
    {
      method: 'post',
      path: '/api/walletprovider/payments/invoices',
      operationId: 'startWalletPayment',
      errors: ['invoice_not_issued', 'invoice_cancelled', 'nothing_due'],
      summary: 'Start a wallet payment of an issued invoice for its balance due: the approval link the payer follows',
      tag,
      auth: 'user',
      body: PayInvoiceBody,
      status: 201,
    },
    (deps) =>
      async ({ user, body }: PayContext) =>
        startWalletPayment(deps.sequelize, deps, user.orgId, body.invoice_id),
  ),
];

/** The event handed to its job, and the provider told it was received. */
async function started(deps: PaymentsRouterDeps, res: Response, payload: PaymentEventPayload, requestId?: string) {
  await receivePaymentEvent(deps.sequelize, deps.temporal, payload, requestId);
  res.status(200).json({ received: true });
}

/** POST /api/cardprovider/webhooks: the signature over the exact bytes received, then the event's job. */
const cardWebhook = (deps: PaymentsRouterDeps) => (req: Request, res: Response, next: NextFunction) => {
  void (async () => {
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) throw new ValidationError('Missing signature');
    let event: Stripe.Event;
    try {
      event = deps.cardProvider.webhooks.constructEvent(req.body, signature, deps.cardWebhookSecret);
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
      deps,
      res,
      {
        provider: 'cardprovider',
        eventId: parsed.data.id,
        eventType: parsed.data.type,
        reference: action.reference,
        // Checked against the payment this service asked for (apply-payment-succeeded.ts).
        ...(action.kind === 'succeeded' && action.amountMinor !== undefined ? { amountMinor: action.amountMinor } : {}),
        ...(action.currency ? { currency: action.currency } : {}),
        ...(action.paymentIntentId ? { paymentIntentId: action.paymentIntentId } : {}),
      },
      req.requestId,
    );
  })().catch(next);
};

/** POST /api/walletprovider/webhooks: verified with the provider, then the event's job. */
const walletWebhook = (deps: PaymentsRouterDeps) => (req: Request, res: Response, next: NextFunction) => {
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
    // The client may retry later (503); the details stay in the log.
    if (!(await callProvider(deps.logger, 'wallet', () => deps.walletProvider.verifyWebhook(headers, body))))
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
      deps,
      res,
      { provider: 'walletprovider', eventId: parsed.data.id, eventType: parsed.data.event_type, reference: orderId },
      req.requestId,
    );
  })().catch(next);
};

/**
 * Payment starts (user routes, JSON) and provider webhooks (raw bodies, no user). Mount the
 * webhook router before express.json: the card signature is over the exact bytes received.
 */
export function buildPaymentsRouters(deps: PaymentsRouterDeps): { webhooks: Router; payments: Router } {
  const { kit } = deps;
  const payments = registerRoutes(Router(), kit, PAYMENT_ROUTES, deps, deps);
  const webhooks = Router();
  webhooks.post('/api/cardprovider/webhooks', rawBody, cardWebhook(deps));
  kit.document({
    method: 'post',
    path: '/api/cardprovider/webhooks',
    operationId: 'receiveCardProviderWebhook',
    summary:
      'Card provider events (Stripe-Signature over the raw body), once per event: payment_intent.succeeded, checkout.session.completed (paid) and checkout.session.async_payment_succeeded record the payment; payment_intent.payment_failed and checkout.session.async_payment_failed mark it failed',
    tag,
    auth: 'none',
    body: CardEvent,
    response: WebhookReceived,
  });
  webhooks.post('/api/walletprovider/webhooks', rawBody, walletWebhook(deps));
  kit.document({
    method: 'post',
    path: '/api/walletprovider/webhooks',
    operationId: 'receiveWalletProviderWebhook',
    summary:
      'Wallet provider events (verified with the provider): PAYMENT.CAPTURE.COMPLETED pays the invoice once per order',
    tag,
    auth: 'none',
    body: WalletEvent,
    response: WebhookReceived,
  });
  return { webhooks, payments };
}
