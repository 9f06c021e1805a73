import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { PLATFORM_SEND_OPTIONS } from '../e-invoicing/contract';
import { type EReportSendActivities, type EReportSendPayload } from './contract';

// The transmission's patience: a platform outage delays the report, never loses it.
const { sendEReport } = proxyActivities<EReportSendActivities>(PLATFORM_SEND_OPTIONS);

/** One e-report sent to the studio's platform, once. */
export async function eReportSendWorkflow(
  input: JobInput<EReportSendPayload>,
): Promise<{ outcome: 'sent' | 'found' | 'skipped'; status: string | null }> {
  return sendEReport(input.payload);
}
