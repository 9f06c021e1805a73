import { type Logger } from 'pino';
import { type applyCardPaymentFailed } from '../../db/commands/apply-card-payment-failed';
import { type applyPaymentSucceeded } from '../../db/commands/apply-payment-succeeded';
import { isCardFailureEvent } from '../../domain/payments/card-events';
import { type WalletProvider } from '../../lib/payments/walletprovider';
import { type PaymentEventActivities, type PaymentEventPayload } from '../../workflows/payments/contract';
import { type Bound } from '../db-deps';

/** The payment commands (db/commands/payments.ts), the handle bound by the worker. */
export interface PaymentEventDb {
  applyPaymentSucceeded: Bound<typeof applyPaymentSucceeded>;
  applyCardPaymentFailed: Bound<typeof applyCardPaymentFailed>;
  /** A booking's deposit (services/booking/booking-deposit.ts): its invoice ready for the payment; false when not a booking's. */
  settleBookingDeposit: (payload: PaymentEventPayload) => Promise<boolean>;
}

export interface PaymentEventDeps extends PaymentEventDb {
  logger: Logger;
  walletProvider: WalletProvider;
}

/**
 * Applies a verified payment event (db/commands/payments.ts does the one transaction). An
 * approved wallet order is captured first (the capture request is idempotent per order); a
 * COMPLETED capture pays the invoice then, and the later PAYMENT.CAPTURE.COMPLETED finds it paid.
 */
export function createPaymentEventActivities(deps: PaymentEventDeps): PaymentEventActivities {
  return {
    async applyPaymentEvent(payload) {
      if (payload.eventType === 'CHECKOUT.ORDER.APPROVED') {
        const capture = await deps.walletProvider.captureOrder(payload.reference);
        if (capture.status !== 'COMPLETED') {
          // PENDING (e.g. a review at the provider): PAYMENT.CAPTURE.COMPLETED will follow.
          deps.logger.info(
            { provider: payload.provider, eventId: payload.eventId, captureStatus: capture.status },
            'Wallet order captured, not completed yet',
          );
          return `capture_${capture.status.toLowerCase()}`;
        }
      }
      // A booking's deposit has no invoice until it is paid: made (and its payment row) first.
      if (!isCardFailureEvent(payload.eventType)) await deps.settleBookingDeposit(payload);
      const outcome = isCardFailureEvent(payload.eventType)
        ? await deps.applyCardPaymentFailed(payload)
        : await deps.applyPaymentSucceeded(payload);
      // unknown_payment: an intent or order this service did not create (another integration on the account).
      if (outcome === 'amount_mismatch')
        deps.logger.error(
          { provider: payload.provider, eventId: payload.eventId, reference: payload.reference },
          'Payment event states another amount or currency than the payment asked for; not recorded in the ledger',
        );
      deps.logger.info(
        { provider: payload.provider, eventId: payload.eventId, eventType: payload.eventType, outcome },
        'Payment event applied',
      );
      return outcome;
    },
  };
}
