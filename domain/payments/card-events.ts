/**
 * The card provider's webhook events this service acts on (Stripe's types), and what each means
 * for a payment: a payment intent's own events (the studio's card payments), and a hosted
 * checkout session's (the client portal's, issue 31 §3). Pure: the router verifies the signature,
 * this tells what the verified event asks for.
 */

/** The events of a hosted checkout session: the payment row is found by the session's id. */
export const CHECKOUT_SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;

/** The events of a payment intent: the payment row is found by the intent's id. */
export const PAYMENT_INTENT_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

/** The events that mean a card payment failed (the payment row is marked failed; the invoice is untouched). */
const FAILURE_EVENTS: readonly string[] = ['payment_intent.payment_failed', 'checkout.session.async_payment_failed'];

/** Whether an event is about a hosted checkout session (its `data.object.id` is the session's). */
export const isCheckoutSessionEvent = (eventType: string): boolean =>
  (CHECKOUT_SESSION_EVENTS as readonly string[]).includes(eventType);

/** Whether an event says a card payment failed. */
export const isCardFailureEvent = (eventType: string): boolean => FAILURE_EVENTS.includes(eventType);

/** The parts of an event's object this service reads (a payment intent or a checkout session). */
export interface CardEventObject {
  id: string;
  /** A payment intent's money taken, in minor units. */
  amount_received?: number;
  /** A checkout session's total, in minor units. */
  amount_total?: number | null;
  currency?: string | null;
  /** A checkout session's: 'paid', 'unpaid' (a delayed method: the async events follow), 'no_payment_required'. */
  payment_status?: string;
  /** A checkout session's payment intent, once it has one. */
  payment_intent?: string | null;
}

/** What a verified event asks for. */
export type CardEventAction =
  | {
      kind: 'succeeded' | 'failed';
      /** The payment intent id, or the checkout session id for a session's event. */
      reference: string;
      amountMinor?: number;
      currency?: string;
      /** A session's payment intent: the ledger's provider reference (refunds go through it). */
      paymentIntentId?: string;
    }
  | { kind: 'ignored' };

/**
 * What a card provider event asks for: a success (the intent succeeded; a session completed and
 * paid, or its delayed payment succeeded), a failure, or nothing (any other type, and a session
 * completed but not paid yet: its async event will follow).
 */
export function cardEventAction(type: string, object: CardEventObject): CardEventAction {
  const currency = object.currency ? { currency: object.currency } : {};
  if (type === 'payment_intent.succeeded')
    return {
      kind: 'succeeded',
      reference: object.id,
      ...(object.amount_received !== undefined ? { amountMinor: object.amount_received } : {}),
      ...currency,
    };
  if (type === 'payment_intent.payment_failed') return { kind: 'failed', reference: object.id, ...currency };
  if (!isCheckoutSessionEvent(type)) return { kind: 'ignored' };
  if (type === 'checkout.session.completed' && object.payment_status !== 'paid') return { kind: 'ignored' };
  const intent = object.payment_intent ? { paymentIntentId: object.payment_intent } : {};
  if (type === 'checkout.session.async_payment_failed')
    return { kind: 'failed', reference: object.id, ...currency, ...intent };
  return {
    kind: 'succeeded',
    reference: object.id,
    ...(typeof object.amount_total === 'number' ? { amountMinor: object.amount_total } : {}),
    ...currency,
    ...intent,
  };
}
