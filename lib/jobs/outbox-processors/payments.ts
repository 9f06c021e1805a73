import { type OutboxEventRow } from '../../../db/commands/outbox-events';
import { listPaymentTransmissions } from '../../../db/queries/platform-transmissions';
import { cashedStatusRefusal } from '../../../domain/addons/fr-e-invoicing/flow-statuses';
import { E_INVOICE_CASHED_JOB } from '../../../workflows/e-invoicing/contract';
import { PAYMENT_RECEIPT_JOB } from '../../../workflows/payments/contract';
import { startJobs } from '../start-jobs';
import { eventJobMeta, type OutboxProcessor, type StartFailure } from './processor';

/** A payment's jobs are keyed by its payments-ledger row: a redelivered event meets the same job. */
const paymentJobStart = (e: OutboxEventRow) => ({
  key: e.payload.payment_id as string,
  payload: { paymentId: e.payload.payment_id as string, ownerId: e.owner_id },
  meta: eventJobMeta(e),
});

/**
 * A payment received (PAYMENT_RECEIVED) starts its receipt's job (issue 31 §3); a payment of a
 * transmitted invoice also starts its cashed status (Encaissée, issue 32 §2), unless the studio
 * opted for VAT on debits. A start that fails leaves the event for the next pass.
 */
export const paymentsProcessor: OutboxProcessor = {
  concern: 'payments',
  eventTypes: ['PAYMENT_RECEIVED'],
  async start({ sequelize, temporal, startConcurrency }, events) {
    const paid = events.filter((e) => typeof e.payload.payment_id === 'string');
    const receipts = await startJobs(sequelize, temporal, PAYMENT_RECEIPT_JOB, paid.map(paymentJobStart), {
      concurrency: startConcurrency,
    });
    // Payments of transmitted invoices: their cashed status (VAT on receipts, the default for services).
    const transmissions = await listPaymentTransmissions(
      sequelize,
      paid.map((e) => e.payload.payment_id as string),
    );
    const cashable = new Set(
      transmissions
        .filter(
          (t) =>
            cashedStatusRefusal({ transmissionStatus: t.transmission_status, vatOnDebits: t.vat_on_debits }) === null,
        )
        .map((t) => t.id),
    );
    const cashed = paid.filter((e) => cashable.has(e.payload.payment_id as string));
    const cashings = await startJobs(sequelize, temporal, E_INVOICE_CASHED_JOB, cashed.map(paymentJobStart), {
      concurrency: startConcurrency,
    });
    return [
      ...receipts.flatMap((start, i): StartFailure[] =>
        start.outcome === 'failed'
          ? [[paid[i].id, `The receipt of the payment could not be started (${start.error.message})`]]
          : [],
      ),
      ...cashings.flatMap((start, i): StartFailure[] =>
        start.outcome === 'failed'
          ? [[cashed[i].id, `The cashed status could not be started (${start.error.message})`]]
          : [],
      ),
    ];
  },
};
