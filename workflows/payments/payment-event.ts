import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type PaymentEventActivities, type PaymentEventPayload } from './contract';

// A database hiccup is retried; the activity is idempotent on the event id.
const { applyPaymentEvent } = proxyActivities<PaymentEventActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: 10 },
});

/** Marks the invoice of a succeeded card or wallet payment PAID (once per provider event). */
export async function paymentEventWorkflow(input: JobInput<PaymentEventPayload>): Promise<string> {
  return applyPaymentEvent(input.payload);
}
