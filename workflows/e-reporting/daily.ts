import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  E_REPORTING_DAILY_BATCH,
  type EReportingDailyActivities,
  type EReportingDailyPayload,
  type EReportingDailySummary,
} from './contract';

const { makeDueEReports } = proxyActivities<EReportingDailyActivities>({
  startToCloseTimeout: '10 minutes',
  // A period is reported once (the second attempt finds it made): a retry just goes again.
  retry: { initialInterval: '30 seconds', maximumInterval: '5 minutes', maximumAttempts: 5 },
});

/** Daily: each studio's ended e-reporting periods reported and sent, a batch of studios at a time. */
export async function eReportingDailyWorkflow(
  input: JobInput<EReportingDailyPayload>,
): Promise<EReportingDailySummary> {
  const limit = input.payload.batchSize ?? E_REPORTING_DAILY_BATCH;
  const total: EReportingDailySummary = { studios: 0, reports: 0, failed: [] };
  let afterOwnerId: string | null = null;
  let more = true;
  while (more) {
    const batch: EReportingDailySummary & { lastOwnerId: string | null } = await makeDueEReports({
      afterOwnerId,
      limit,
    });
    const { studios, reports, failed, lastOwnerId } = batch;
    total.studios += studios;
    total.reports += reports;
    total.failed.push(...failed.slice(0, Math.max(0, 100 - total.failed.length)));
    more = studios === limit && lastOwnerId !== null;
    afterOwnerId = lastOwnerId;
  }
  return total;
}
