import { proxyActivities } from '@temporalio/workflow';
import { type DocumentPdfActivities } from '../invoicing/contract';
import { type JobInput, TASK_QUEUES } from '../job-run/contract';
import {
  PLATFORM_SEND_OPTIONS,
  type EInvoiceTransmitActivities,
  type EInvoiceTransmitPayload,
  type EInvoiceTransmitResult,
} from './contract';

// The Factur-X file, made once by the documents queue (the kept pdf and its XML).
const { renderEInvoice } = proxyActivities<DocumentPdfActivities>({
  taskQueue: TASK_QUEUES.documents,
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

// A platform outage delays, never loses: about 2 hours of attempts (the interval grows to 5 minutes),
// then the dead-letter queue, from which a replay sends it.
const { transmitEInvoice } = proxyActivities<EInvoiceTransmitActivities>(PLATFORM_SEND_OPTIONS);

/** An issued invoice or credit note sent to the studio's approved platform, once. */
export async function eInvoiceTransmitWorkflow(
  input: JobInput<EInvoiceTransmitPayload>,
): Promise<EInvoiceTransmitResult> {
  const { kind, documentId, ownerId } = input.payload;
  const file = await renderEInvoice({ kind, documentId, ownerId, format: 'facturx' });
  return transmitEInvoice({ payload: input.payload, file });
}
