import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** The daily ledger job's payload: how many studios one activity call takes (the default when unset). */
export interface LedgerDailyPayload extends Record<string, unknown> {
  batchSize?: number;
}

/** A break the daily check found, for job_runs and the log (docs/ledger-integrity.md, runbook). */
export interface LedgerBreakReport {
  ownerId: string;
  seq: number | null;
  recordType: string | null;
  recordId: string | null;
  number: string | null;
  reason: string;
}

/** What one batch of studios, or the whole run, did. */
export interface LedgerDailySummary {
  studios: number;
  closures: number;
  breaks: LedgerBreakReport[];
}

/**
 * The daily ledger job (issue 32 §6): for every studio with a chain, closes its ended days that
 * have records and, when yesterday ended one, the month and the calendar year; then checks its
 * chain and closures. A Schedule fires it through launchJobWorkflow (a job_runs row whose result
 * lists the breaks); `return-existing`, so a repeated fire never runs twice.
 */
export const LEDGER_DAILY_JOB = defineJob<LedgerDailyPayload>({
  jobName: 'ledger.daily',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'ledgerDailyWorkflow',
  workflowId: (key) => jobId('ledger-daily', key),
  rerun: 'return-existing',
});

/** 01:15 UTC: yesterday has ended for most studios; the others' day is closed by the next run (days are caught up). */
export const LEDGER_DAILY_SCHEDULE = {
  scheduleId: 'ledger:daily',
  cron: '15 1 * * *',
  contract: LEDGER_DAILY_JOB,
} as const;

/** Studios per activity call unless the payload says otherwise. */
export const LEDGER_DAILY_BATCH = 100;

/** The daily job's activity (activities/ledger/ledger-daily.ts): one batch of studios after `afterOwnerId`. */
export interface LedgerDailyActivities {
  runLedgerDailyBatch(input: {
    afterOwnerId: string | null;
    limit: number;
  }): Promise<LedgerDailySummary & { lastOwnerId: string | null }>;
}
