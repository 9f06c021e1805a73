import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** A verified provider webhook event: a payment succeeded or failed, or (wallet) an order to capture was approved. */
export interface PaymentEventPayload extends Record<string, unknown> {
  provider: 'cardprovider' | 'walletprovider';
  eventId: string;
  eventType: string;
  /** Payment intent id or hosted checkout session id (card, by the event's type), or order id (wallet). */
  reference: string;
  /** A checkout session's payment intent (its events carry it once the session is paid). */
  paymentIntentId?: string;
  /** What the card provider says it took, when the event says it: minor units and ISO code (any case). */
  amountMinor?: number;
  currency?: string;
}

/**
 * Applies a payment webhook event. Key: provider and event id, so a redelivered event finds the
 * same job; the processed_provider_events row (same transaction as the change) keeps it once
 * even after Temporal has forgotten the workflow.
 */
export const PAYMENT_EVENT_JOB = defineJob<PaymentEventPayload, string>({
  jobName: 'payments.webhook-event',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'paymentEventWorkflow',
  workflowId: (key) => jobId('payment-event', key),
  rerun: 'return-existing',
});

export interface PaymentEventActivities {
  applyPaymentEvent(payload: PaymentEventPayload): Promise<string>;
}
