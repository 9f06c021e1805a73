import { proxyActivities } from '@temporalio/workflow';
import { type JobInput, TASK_QUEUES } from '../job-run/contract';
import {
  PAYMENT_RECEIPT_NON_RETRYABLE,
  type PaymentReceiptActivities,
  type PaymentReceiptPayload,
  type PaymentReceiptResult,
} from './contract';

// Chromium work stays on the documents queue (memory-heavy, its own workers).
const { renderPaymentReceipt } = proxyActivities<PaymentReceiptActivities>({
  taskQueue: TASK_QUEUES.documents,
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...PAYMENT_RECEIPT_NON_RETRYABLE],
  },
});

// SMTP hiccups are retried; a receipt that is gone is not.
const { sendPaymentReceipt } = proxyActivities<PaymentReceiptActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    maximumInterval: '1 minute',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...PAYMENT_RECEIPT_NON_RETRYABLE],
  },
});

/**
 * A payment's receipt: its pdf (kept once made), then its email to the client with the pdf
 * attached (the job-run interceptor keeps job_runs; spent retries land in the dead-letter queue).
 */
export async function paymentReceiptWorkflow(input: JobInput<PaymentReceiptPayload>): Promise<PaymentReceiptResult> {
  const pdf = await renderPaymentReceipt(input.payload);
  return sendPaymentReceipt({ jobRunId: input.jobRunId, payload: input.payload, pdf });
}
