import { cardEventAction, isCardFailureEvent, isCheckoutSessionEvent } from '../../../domain/payments/card-events';

const session = { id: 'cs_1', amount_total: 30000, currency: 'eur', payment_intent: 'pi_9' };

describe('cardEventAction', () => {
  it("a payment intent's events: succeeded with what it took, failed", () => {
    expect(cardEventAction('payment_intent.succeeded', { id: 'pi_1', amount_received: 1200, currency: 'usd' })).toEqual(
      {
        kind: 'succeeded',
        reference: 'pi_1',
        amountMinor: 1200,
        currency: 'usd',
      },
    );
    expect(cardEventAction('payment_intent.payment_failed', { id: 'pi_1' })).toEqual({
      kind: 'failed',
      reference: 'pi_1',
    });
  });

  it('a checkout session completed and paid is a success keyed by the session, with its total and its intent', () => {
    expect(cardEventAction('checkout.session.completed', { ...session, payment_status: 'paid' })).toEqual({
      kind: 'succeeded',
      reference: 'cs_1',
      amountMinor: 30000,
      currency: 'eur',
      paymentIntentId: 'pi_9',
    });
  });

  it('a session completed but not paid waits for its async event; the async events succeed or fail', () => {
    expect(cardEventAction('checkout.session.completed', { ...session, payment_status: 'unpaid' })).toEqual({
      kind: 'ignored',
    });
    expect(
      cardEventAction('checkout.session.completed', { ...session, payment_status: 'no_payment_required' }),
    ).toEqual({ kind: 'ignored' });
    expect(
      cardEventAction('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
    ).toMatchObject({ kind: 'succeeded', reference: 'cs_1', amountMinor: 30000 });
    expect(cardEventAction('checkout.session.async_payment_failed', { ...session, payment_intent: null })).toEqual({
      kind: 'failed',
      reference: 'cs_1',
      currency: 'eur',
    });
  });

  it('ignores every other event, an expired session among them', () => {
    for (const type of ['checkout.session.expired', 'charge.refunded', 'customer.created'])
      expect(cardEventAction(type, session)).toEqual({ kind: 'ignored' });
  });

  it('tells a session event and a failure apart', () => {
    expect(isCheckoutSessionEvent('checkout.session.async_payment_failed')).toBe(true);
    expect(isCheckoutSessionEvent('payment_intent.succeeded')).toBe(false);
    expect(isCardFailureEvent('checkout.session.async_payment_failed')).toBe(true);
    expect(isCardFailureEvent('payment_intent.payment_failed')).toBe(true);
    expect(isCardFailureEvent('checkout.session.completed')).toBe(false);
  });
});
