import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createPaymentEventActivities } from '../../../../activities/payments/apply-payment-event';
import { type PaymentEvent, type PaymentEventOutcome } from '../../../../db/commands/payments';
import { type WalletProvider, WalletProviderError } from '../../../../lib/payments/walletprovider';
import { type PaymentEventPayload } from '../../../../workflows/payments/contract';
import { createMemoryLogger } from '../../../fixtures/memory-logger';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

/** The payment commands: an event id is processed once (processed_provider_events), as in the real transaction. */
function fakeDb() {
  const processed = new Set<string>();
  const apply = (outcome: PaymentEventOutcome) =>
    jest.fn(async (event: PaymentEvent): Promise<PaymentEventOutcome> => {
      if (processed.has(event.eventId)) return 'already_processed';
      processed.add(event.eventId);
      return outcome;
    });
  return { applyPaymentSucceeded: apply('paid'), applyCardPaymentFailed: apply('failed'), processed };
}

function setUp(captureOrder: WalletProvider['captureOrder'] = async () => ({ status: 'COMPLETED', captureId: 'c1' })) {
  const db = fakeDb();
  const walletProvider = { captureOrder: jest.fn(captureOrder) } as unknown as WalletProvider;
  const { logger, lines } = createMemoryLogger();
  const activities = createPaymentEventActivities({
    ...db,
    logger,
    walletProvider,
    settleBookingDeposit: async () => false,
  });
  return { db, walletProvider, activities, lines };
}

const card: PaymentEventPayload = {
  provider: 'cardprovider',
  eventId: 'evt_1',
  eventType: 'payment_intent.succeeded',
  reference: 'pi_1',
};
const wallet: PaymentEventPayload = {
  provider: 'walletprovider',
  eventId: 'WH-1',
  eventType: 'CHECKOUT.ORDER.APPROVED',
  reference: 'ORDER-1',
};

describe('applyPaymentEvent with fake deps', () => {
  it('pays the invoice for a succeeded card payment, and records a failed one as failed', async () => {
    const { db, activities, lines } = setUp();
    expect(await env(1).run(activities.applyPaymentEvent, card)).toBe('paid');
    expect(db.applyPaymentSucceeded).toHaveBeenCalledWith(card);
    const failed = { ...card, eventId: 'evt_2', eventType: 'payment_intent.payment_failed' };
    expect(await env(1).run(activities.applyPaymentEvent, failed)).toBe('failed');
    expect(db.applyCardPaymentFailed).toHaveBeenCalledWith(failed);
    expect(
      lines()
        .filter((l) => l.msg === 'Payment event applied')
        .map((l) => l.outcome),
    ).toEqual(['paid', 'failed']);
  });

  it("applies a hosted checkout session's events: its async failure marks it failed, its completion pays", async () => {
    const { db, activities } = setUp();
    const session = { ...card, eventId: 'evt_3', reference: 'cs_1', paymentIntentId: 'pi_7' };
    const failed = { ...session, eventType: 'checkout.session.async_payment_failed' };
    expect(await env(1).run(activities.applyPaymentEvent, failed)).toBe('failed');
    expect(db.applyCardPaymentFailed).toHaveBeenCalledWith(failed);
    const completed = { ...session, eventId: 'evt_4', eventType: 'checkout.session.completed' };
    expect(await env(1).run(activities.applyPaymentEvent, completed)).toBe('paid');
    expect(db.applyPaymentSucceeded).toHaveBeenCalledWith(completed);
  });

  it('captures an approved wallet order first; a capture still pending pays nothing yet', async () => {
    const { db, walletProvider, activities } = setUp(async () => ({ status: 'PENDING', captureId: null }));
    expect(await env(1).run(activities.applyPaymentEvent, wallet)).toBe('capture_pending');
    expect(walletProvider.captureOrder).toHaveBeenCalledWith('ORDER-1');
    expect(db.applyPaymentSucceeded).not.toHaveBeenCalled();
  });

  it('fails retryably when the wallet provider refuses the capture, and records nothing', async () => {
    const { db, activities } = setUp(async () => {
      throw new WalletProviderError('wallet provider POST /v2/checkout/orders/ORDER-1/capture answered 503');
    });
    const failure = env(1).run(activities.applyPaymentEvent, wallet);
    await expect(failure).rejects.toBeInstanceOf(WalletProviderError);
    await expect(failure).rejects.toThrow('answered 503');
    expect(db.processed.size).toBe(0);
  });

  it('a retry (attempt 2) of an applied event answers already_processed and pays nothing twice', async () => {
    const { db, walletProvider, activities } = setUp();
    expect(await env(1).run(activities.applyPaymentEvent, wallet)).toBe('paid');
    expect(await env(2).run(activities.applyPaymentEvent, wallet)).toBe('already_processed');
    // The capture is asked again (the provider answers it idempotently per order); the ledger moves once.
    expect(walletProvider.captureOrder).toHaveBeenCalledTimes(2);
    expect(db.processed).toEqual(new Set(['WH-1']));
  });
});
