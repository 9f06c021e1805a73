import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { type UserLocale } from '../../domain/accounts/users';
import { checkoutLocale } from '../../domain/payments/checkout-session';
import { UnavailableError } from '../../domain/errors';
import { callProvider } from './provider-call';

/** What a booking's deposit checkout needs: the card provider, the log, and where the client comes back. */
export interface BookingCheckoutDeps {
  cardProvider: Stripe;
  logger: Logger;
}

/** The booking a deposit pays, as the hosted checkout page shows it. */
export interface DepositToPay {
  bookingId: string;
  orgId: string;
  /** Minor units of `currency`. */
  amountMinor: bigint;
  currency: string;
  /** "Deposit: Portrait session, 3 Dec 2026 10:00" in the client's language. */
  label: string;
  clientEmail: string;
  locale: UserLocale;
  /** The booking page the client returns to: after paying, or turning back. */
  returnUrl: string;
}

/**
 * A hosted card checkout session for a booking's deposit (issue 45 §2): mode payment, the amount in
 * the studio's currency and minor units, the booking in metadata (the webhook finds the booking by
 * the session's id), back to the booking page. One session per booking (idempotency key). A
 * provider failure is a 503: the hold stays until its time and then frees the slot.
 */
export async function startDepositCheckout(
  deps: BookingCheckoutDeps,
  deposit: DepositToPay,
): Promise<{ id: string; url: string }> {
  const metadata = { booking_id: deposit.bookingId, owner_id: deposit.orgId };
  const session = await callProvider(deps.logger, 'card', () =>
    deps.cardProvider.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: deposit.currency.toLowerCase(),
              unit_amount: Number(deposit.amountMinor),
              product_data: { name: deposit.label },
            },
            quantity: 1,
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: `${deposit.returnUrl}${deposit.returnUrl.includes('?') ? '&' : '?'}paid=1`,
        cancel_url: `${deposit.returnUrl}${deposit.returnUrl.includes('?') ? '&' : '?'}cancelled=1`,
        customer_email: deposit.clientEmail,
        locale: checkoutLocale(deposit.locale),
      },
      { idempotencyKey: `booking-deposit-${deposit.bookingId}` },
    ),
  );
  if (!session.url) throw new UnavailableError('The payment page is not available; try again in a moment');
  return { id: session.id, url: session.url };
}
