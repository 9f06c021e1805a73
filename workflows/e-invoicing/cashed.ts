import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  E_INVOICE_TRANSMIT_NON_RETRYABLE,
  type EInvoiceCashedActivities,
  type EInvoiceCashedPayload,
} from './contract';

// The same patience as the transmission: a platform outage delays the status, never loses it.
const { sendCashedStatus } = proxyActivities<EInvoiceCashedActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 30,
    nonRetryableErrorTypes: [...E_INVOICE_TRANSMIT_NON_RETRYABLE],
  },
});

/** A payment's cashed status (Encaissée) sent to the studio's platform, once. */
export async function eInvoiceCashedWorkflow(
  input: JobInput<EInvoiceCashedPayload>,
): Promise<{ outcome: 'sent' | 'found' | 'not_sent'; why?: string }> {
  return sendCashedStatus(input.payload);
}
