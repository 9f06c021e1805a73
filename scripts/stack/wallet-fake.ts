import crypto from 'node:crypto';
import http from 'node:http';
import { readBody } from './read-body';
import { type FakeRoute, routeOf } from './routes';

/**
 * A small fake of the wallet provider's REST API (Orders v2 style), served over real HTTP by the
 * local stack (`npm start` and the test stack): OAuth client credentials, order creation with an
 * approval link, and the webhook signature verification call. Its webhook events are signed with
 * a key only this server holds, so only its verification call can say SUCCESS, as with the real
 * provider. `POST /simulate/approve` (the payer approved: CHECKOUT.ORDER.APPROVED) and
 * `POST /simulate/capture` (the capture completed: PAYMENT.CAPTURE.COMPLETED) answer the signed
 * delivery the provider would send, for a test to post to the webhook.
 */
export interface WalletFakeOptions {
  port: number;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  captureId: string | null;
  currency: string;
  value: string;
  customId: string | null;
  /** Where the payer goes back after approving or cancelling (`experience_context`), when the order said. */
  returnUrl: string | null;
  cancelUrl: string | null;
}

const MAX_BODY = 100_000;

/** What the fake keeps while it runs: the tokens it issued, the orders, and the key its webhook events are signed with. */
interface FakeState {
  opts: WalletFakeOptions;
  base: string;
  tokens: Set<string>;
  orders: Map<string, FakeOrder>;
  /** A new id of the provider's kind (`ORDER-…`, `CAPTURE-…`, `WH-…`). */
  id: (prefix: string) => string;
  /** A webhook delivery's signature, with the key only this server holds. */
  signature: (transmissionId: string, time: string, webhookId: string, event: unknown) => string;
}

/** One request: its URL, its body read (a POST's), the route's match, and the answers. */
interface FakeCall {
  res: http.ServerResponse;
  url: URL;
  raw: string;
  authorization: string | undefined;
  match: RegExpExecArray | null;
  send: (status: number, body: unknown) => void;
  /** Whether the call carries a token this fake issued. */
  bearer: () => boolean;
}

type FakeHandler = (state: FakeState, call: FakeCall) => void;

const issueToken: FakeHandler = ({ opts, tokens }, { raw, authorization, send }) => {
  const expected = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
  if (authorization !== expected || new URLSearchParams(raw).get('grant_type') !== 'client_credentials')
    return send(401, { error: 'invalid_client' });
  const token = crypto.randomBytes(24).toString('base64url');
  tokens.add(token);
  return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
};

const createOrder: FakeHandler = ({ base, orders, id }, { raw, send, bearer }) => {
  if (!bearer()) return send(401, { name: 'AUTHENTICATION_FAILURE' });
  const body = JSON.parse(raw) as {
    intent?: string;
    purchase_units?: { custom_id?: string; amount?: { currency_code?: string; value?: string } }[];
    payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
  };
  const experience = body.payment_source?.paypal?.experience_context;
  const unit = body.purchase_units?.[0];
  if (body.intent !== 'CAPTURE' || !unit?.amount?.currency_code || !/^\d+\.\d{2}$/.test(unit.amount.value ?? ''))
    return send(422, { name: 'UNPROCESSABLE_ENTITY' });
  const order: FakeOrder = {
    id: id('ORDER-'),
    status: 'CREATED',
    captureId: null,
    currency: unit.amount.currency_code,
    value: unit.amount.value!,
    customId: unit.custom_id ?? null,
    returnUrl: experience?.return_url ?? null,
    cancelUrl: experience?.cancel_url ?? null,
  };
  orders.set(order.id, order);
  return send(201, {
    id: order.id,
    status: order.status,
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });
};

/**
 * The approval link: the payer approves (or, with `?cancel=1`, turns back) and is sent to the
 * order's return (or cancel) URL with the order's token, as the provider does.
 */
const approvalPage: FakeHandler = ({ orders }, { res, url, send }) => {
  const order = orders.get(url.searchParams.get('token') ?? '');
  if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
  const cancelled = url.searchParams.get('cancel') === '1';
  if (!cancelled && order.status === 'CREATED') order.status = 'APPROVED';
  const back = cancelled ? order.cancelUrl : order.returnUrl;
  if (!back) return send(200, { id: order.id, status: order.status });
  const target = new URL(back);
  target.searchParams.set('token', order.id);
  if (!cancelled) target.searchParams.set('PayerID', 'FAKEPAYER');
  res.writeHead(303, { location: target.toString() });
  res.end();
};

const captureOrder: FakeHandler = ({ orders, id }, { match, send, bearer }) => {
  if (!bearer()) return send(401, { name: 'AUTHENTICATION_FAILURE' });
  const order = orders.get(match![1]);
  if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
  if (order.status === 'CREATED')
    return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
  // Capturing twice answers the same capture, as the provider does for a repeated request id.
  order.status = 'COMPLETED';
  order.captureId ??= id('CAPTURE-');
  return send(201, {
    id: order.id,
    status: 'COMPLETED',
    purchase_units: [
      {
        payments: {
          captures: [
            { id: order.captureId, status: 'COMPLETED', amount: { currency_code: order.currency, value: order.value } },
          ],
        },
      },
    ],
  });
};

const verifySignature: FakeHandler = ({ opts, signature }, { raw, send, bearer }) => {
  if (!bearer()) return send(401, { name: 'AUTHENTICATION_FAILURE' });
  const body = JSON.parse(raw) as {
    transmission_id?: string;
    transmission_time?: string;
    transmission_sig?: string;
    webhook_id?: string;
    webhook_event?: unknown;
  };
  const ok =
    body.webhook_id === opts.webhookId &&
    typeof body.transmission_id === 'string' &&
    typeof body.transmission_time === 'string' &&
    typeof body.transmission_sig === 'string' &&
    body.transmission_sig ===
      signature(body.transmission_id, body.transmission_time, body.webhook_id, body.webhook_event);
  return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
};

/** The event of the payer's approval (CHECKOUT.ORDER.APPROVED); the order is approved. */
function approvedEvent({ id }: FakeState, order: FakeOrder): Record<string, unknown> {
  if (order.status === 'CREATED') order.status = 'APPROVED';
  return {
    id: id('WH-'),
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'checkout-order',
    event_type: 'CHECKOUT.ORDER.APPROVED',
    resource: {
      id: order.id,
      status: order.status,
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: order.customId, amount: { currency_code: order.currency, value: order.value } }],
    },
  };
}

/** The event of a completed capture (PAYMENT.CAPTURE.COMPLETED); the order is captured. */
function capturedEvent({ id }: FakeState, order: FakeOrder): Record<string, unknown> {
  order.status = 'COMPLETED';
  order.captureId ??= id('CAPTURE-');
  return {
    id: id('WH-'),
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: {
      id: order.captureId,
      status: 'COMPLETED',
      amount: { currency_code: order.currency, value: order.value },
      custom_id: order.customId,
      supplementary_data: { related_ids: { order_id: order.id } },
    },
  };
}

/** What the provider would deliver: the payer approved (CHECKOUT.ORDER.APPROVED), or the capture completed; signed. */
const simulateDelivery: FakeHandler = (state, { raw, match, send }) => {
  const order = state.orders.get((JSON.parse(raw) as { order_id?: string }).order_id ?? '');
  if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
  const event = match![1] === 'approve' ? approvedEvent(state, order) : capturedEvent(state, order);
  const transmissionId = crypto.randomUUID();
  const time = new Date().toISOString();
  const headers = {
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': state.signature(transmissionId, time, state.opts.webhookId, event),
    'paypal-cert-url': `${state.base}/certs/fake.pem`,
    'paypal-auth-algo': 'SHA256withRSA',
  };
  return send(200, { headers, event });
};

/** The fake's routes, tried in order; anything else is a 404. */
const ROUTES: FakeRoute<FakeHandler>[] = [
  { method: 'POST', path: '/v1/oauth2/token', handle: issueToken },
  { method: 'POST', path: '/v2/checkout/orders', handle: createOrder },
  { method: 'GET', path: '/checkoutnow', handle: approvalPage },
  { method: 'POST', path: /^\/v2\/checkout\/orders\/([\w-]+)\/capture$/, handle: captureOrder },
  { method: 'POST', path: '/v1/notifications/verify-webhook-signature', handle: verifySignature },
  { method: 'POST', path: /^\/simulate\/(approve|capture)$/, handle: simulateDelivery },
];

export async function startWalletFake(opts: WalletFakeOptions): Promise<{ url: string; stop: () => Promise<void> }> {
  const signingKey = crypto.randomBytes(32);
  const state: FakeState = {
    opts,
    base: `http://127.0.0.1:${opts.port}`,
    tokens: new Set<string>(),
    orders: new Map<string, FakeOrder>(),
    id: (prefix) => `${prefix}${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
    signature: (transmissionId, time, webhookId, event) =>
      crypto
        .createHmac('sha256', signingKey)
        .update(
          `${transmissionId}|${time}|${webhookId}|${crypto.createHash('sha256').update(JSON.stringify(event)).digest('hex')}`,
        )
        .digest('base64'),
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const bearer = () => state.tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    void (async () => {
      const url = new URL(req.url ?? '/', state.base);
      const raw = req.method === 'POST' ? (await readBody(req, MAX_BODY)).toString('utf8') : '';
      const found = routeOf(ROUTES, req.method, url.pathname);
      if (!found) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      found.route.handle(state, {
        res,
        url,
        raw,
        authorization: req.headers.authorization,
        match: found.match,
        send,
        bearer,
      });
    })().catch(() => send(400, { name: 'INVALID_REQUEST' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  return { url: state.base, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
