import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { applyPaymentSucceeded } from '../../db/commands/payments';
import { type PaymentEventActivities } from '../../workflows/payments/contract';

/** Applies a verified payment event (db/commands/payments.ts does the one transaction). */
export function createPaymentEventActivities(deps: { sequelize: Sequelize; logger: Logger }): PaymentEventActivities {
  return {
    async applyPaymentEvent(payload) {
      const outcome = await applyPaymentSucceeded(deps.sequelize, payload);
      // unknown_payment: an intent or order this service did not create (another integration on the account).
      deps.logger.info({ provider: payload.provider, eventId: payload.eventId, eventType: payload.eventType, outcome }, 'Payment event applied');
      return outcome;
    },
  };
}
