export interface WalletProviderConfig {
  WALLETPROVIDER_API_BASE: string;
  WALLETPROVIDER_CLIENT_ID: string;
  WALLETPROVIDER_CLIENT_SECRET: string;
  WALLETPROVIDER_WEBHOOK_ID: string;
}

/** The headers the wallet provider signs a webhook delivery with (lower case, as Node gives them). */
export const WALLET_SIGNATURE_HEADERS = [
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

export interface WalletProvider {
  createOrder(input: {
    amount: string;
    currency: string;
    invoiceId: string;
    description: string;
    /**
     * Where the payer lands after approving or turning back (the client portal's invoice page), and
     * the language of the provider's pages (BCP 47, `fr-FR`); left out, the provider's own defaults.
     */
    experience?: { returnUrl: string; cancelUrl: string; locale: string };
  }): Promise<{ orderId: string; status: string; approvalUrl: string }>;
  /** Captures an approved order (idempotent: the same request id for the same order). */
  captureOrder(orderId: string): Promise<{ status: string; captureId: string | null }>;
  /** The provider's own verification call: true only when it answers SUCCESS. */
  verifyWebhook(headers: Record<(typeof WALLET_SIGNATURE_HEADERS)[number], string>, event: unknown): Promise<boolean>;
}

export class WalletProviderError extends Error {}

type OrderInput = Parameters<WalletProvider['createOrder']>[0];

/** The order's request: captured at once, for the invoice's amount, with the payer's pages when given. */
function orderRequest({ amount, currency, invoiceId, description, experience }: OrderInput) {
  return {
    intent: 'CAPTURE',
    ...(experience
      ? {
          payment_source: {
            paypal: {
              experience_context: {
                return_url: experience.returnUrl,
                cancel_url: experience.cancelUrl,
                locale: experience.locale,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        }
      : {}),
    purchase_units: [
      {
        reference_id: invoiceId,
        custom_id: invoiceId,
        description: description.slice(0, 127),
        amount: { currency_code: currency, value: amount },
      },
    ],
  };
}

/**
 * Client of the wallet provider's REST API (Orders v2 style): an OAuth client-credentials token
 * (cached until a minute before it expires), order creation, webhook signature verification.
 */
export function createWalletProvider(config: WalletProviderConfig, fetchImpl: typeof fetch = fetch): WalletProvider {
  const base = config.WALLETPROVIDER_API_BASE.replace(/\/$/, '');
  let cached: { token: string; until: number } | undefined;

  async function call<T>(path: string, init: RequestInit): Promise<T> {
    const res = await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    if (!res.ok)
      throw new WalletProviderError(`wallet provider ${init.method ?? 'GET'} ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  async function token(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${config.WALLETPROVIDER_CLIENT_ID}:${config.WALLETPROVIDER_CLIENT_SECRET}`).toString(
      'base64',
    );
    const body = await call<{ access_token: string; expires_in: number }>('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    cached = { token: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return cached.token;
  }

  const json = async (path: string, payload: unknown, extra: Record<string, string> = {}) =>
    call<Record<string, unknown>>(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json', ...extra },
      body: JSON.stringify(payload),
    });

  return {
    async createOrder({ amount, currency, invoiceId, description, experience }) {
      const order = (await json(
        '/v2/checkout/orders',
        orderRequest({ amount, currency, invoiceId, description, experience }),
        // The provider drops a repeated create with the same request id.
        { 'paypal-request-id': `invoice-${invoiceId}-${amount}` },
      )) as { id: string; status: string; links?: { rel: string; href: string }[] };
      const approve = order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
      if (!approve) throw new WalletProviderError('wallet provider order has no approval link');
      return { orderId: order.id, status: order.status, approvalUrl: approve.href };
    },
    async captureOrder(orderId) {
      const answer = (await json(
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        { 'paypal-request-id': `capture-${orderId}` },
      )) as { status: string; purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[] };
      const captured = answer.purchase_units?.[0]?.payments?.captures?.[0];
      return { status: captured?.status ?? answer.status, captureId: captured?.id ?? null };
    },
    async verifyWebhook(headers, event) {
      const answer = await json('/v1/notifications/verify-webhook-signature', {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: config.WALLETPROVIDER_WEBHOOK_ID,
        webhook_event: event,
      });
      return answer.verification_status === 'SUCCESS';
    },
  };
}
