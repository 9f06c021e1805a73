import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { E_INVOICE_TRANSMIT_NON_RETRYABLE } from '../e-invoicing/contract';
import { type EReportSendActivities, type EReportSendPayload } from './contract';

// The transmission's patience: a platform outage delays the report, never loses it.
const { sendEReport } = proxyActivities<EReportSendActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 30,
    nonRetryableErrorTypes: [...E_INVOICE_TRANSMIT_NON_RETRYABLE],
  },
});

/** One e-report sent to the studio's platform, once. */
export async function eReportSendWorkflow(
  input: JobInput<EReportSendPayload>,
): Promise<{ outcome: 'sent' | 'found' | 'skipped'; status: string | null }> {
  return sendEReport(input.payload);
}
