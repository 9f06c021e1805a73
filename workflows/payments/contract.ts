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

export interface PaymentReceiptPayload extends Record<string, unknown> {
  /** The ledger row (kind 'payment') whose receipt is made: the job's key. */
  paymentId: string;
  ownerId: string;
}

/**
 * A payment's receipt (issue 31 §3): its pdf rendered once and kept, then emailed to the client
 * with the pdf attached. Started by the outbox relay from the payment's PAYMENT_RECEIVED, keyed by
 * the ledger row, so it runs once per payment (the rows record the pdf and the email once each,
 * so a replay sends nothing twice).
 */
export const PAYMENT_RECEIPT_JOB = defineJob<PaymentReceiptPayload>({
  jobName: 'payments.receipt',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'paymentReceiptWorkflow',
  workflowId: (paymentId) => jobId('payment-receipt', paymentId),
  rerun: 'return-existing',
});

/** A receipt's kept pdf in object storage (a permanent prefix). */
export interface ReceiptPdf {
  receiptId: string;
  key: string;
  filename: string;
  sha256: string;
}

export interface PaymentReceiptResult {
  receipt: string;
  /** `sent`; `already_sent` (an earlier attempt or run sent it); `no_email` (the client has no address). */
  email: 'sent' | 'already_sent' | 'no_email';
}

export interface PaymentReceiptActivities {
  /** Renders the receipt's pdf once (Chromium, the documents queue) and records it; later calls answer it. */
  renderPaymentReceipt(payload: PaymentReceiptPayload): Promise<ReceiptPdf>;
  /** Emails the receipt with its pdf attached, once per receipt. */
  sendPaymentReceipt(input: {
    jobRunId: string;
    payload: PaymentReceiptPayload;
    pdf: ReceiptPdf;
  }): Promise<PaymentReceiptResult>;
}

/** Failures no retry can fix: the receipt (its payment) is gone, or not a payment's. */
export const PAYMENT_RECEIPT_NON_RETRYABLE = ['not_found', 'validation_failed'] as const;
