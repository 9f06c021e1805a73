import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  E_INVOICE_TRANSMIT_NON_RETRYABLE,
  type PurchaseAnswerActivities,
  type PurchaseAnswerPayload,
} from './contract';

// The same patience as the transmission: a platform outage delays the answer, never loses it.
const { sendPurchaseAnswer } = proxyActivities<PurchaseAnswerActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 30,
    nonRetryableErrorTypes: [...E_INVOICE_TRANSMIT_NON_RETRYABLE],
  },
});

/** The studio's answer to a supplier invoice, sent to its platform once. */
export async function purchaseAnswerWorkflow(
  input: JobInput<PurchaseAnswerPayload>,
): Promise<{ outcome: 'sent' | 'found' | 'already' }> {
  return sendPurchaseAnswer(input.payload);
}
