import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  LEDGER_DAILY_BATCH,
  type LedgerDailyActivities,
  type LedgerDailyPayload,
  type LedgerDailySummary,
} from './contract';

const { runLedgerDailyBatch } = proxyActivities<LedgerDailyActivities>({
  startToCloseTimeout: '10 minutes',
  // Closing a period twice closes it once, and checking is a read: a retry just goes again.
  retry: { initialInterval: '30 seconds', maximumInterval: '5 minutes', maximumAttempts: 5 },
});

/** At most this many breaks are kept in the job's result; the log has every one. */
const MAX_REPORTED_BREAKS = 100;

/** Daily: closes each studio's ended periods and checks its ledger, a batch of studios at a time. */
export async function ledgerDailyWorkflow(input: JobInput<LedgerDailyPayload>): Promise<LedgerDailySummary> {
  const limit = input.payload.batchSize ?? LEDGER_DAILY_BATCH;
  const summary: LedgerDailySummary = { studios: 0, closures: 0, breaks: [] };
  let afterOwnerId: string | null = null;
  for (;;) {
    const batch: Awaited<ReturnType<typeof runLedgerDailyBatch>> = await runLedgerDailyBatch({ afterOwnerId, limit });
    summary.studios += batch.studios;
    summary.closures += batch.closures;
    summary.breaks.push(...batch.breaks.slice(0, MAX_REPORTED_BREAKS - summary.breaks.length));
    if (batch.studios < limit || batch.lastOwnerId === null) break;
    afterOwnerId = batch.lastOwnerId;
  }
  return summary;
}
