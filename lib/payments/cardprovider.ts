import Stripe from 'stripe';

export interface CardProviderConfig {
  CARDPROVIDER_SECRET_KEY: string;
  CARDPROVIDER_API_BASE: string;
}

/**
 * The card provider's official SDK, pointed at CARDPROVIDER_API_BASE (its own mock, stripe-mock,
 * locally and in tests; https://api.stripe.com in production).
 */
export function createCardProvider(config: CardProviderConfig): Stripe {
  const base = new URL(config.CARDPROVIDER_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.CARDPROVIDER_SECRET_KEY, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
}
