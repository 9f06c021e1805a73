import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { PLATFORM_SEND_OPTIONS, type EInvoiceCashedActivities, type EInvoiceCashedPayload } from './contract';

// The same patience as the transmission: a platform outage delays the status, never loses it.
const { sendCashedStatus } = proxyActivities<EInvoiceCashedActivities>(PLATFORM_SEND_OPTIONS);

/** A payment's cashed status (Encaissée) sent to the studio's platform, once. */
export async function eInvoiceCashedWorkflow(
  input: JobInput<EInvoiceCashedPayload>,
): Promise<{ outcome: 'sent' | 'found' | 'not_sent'; why?: string }> {
  return sendCashedStatus(input.payload);
}
