import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** An e-report to send through the studio's approved platform (issue 32 §4). */
export interface EReportSendPayload extends Record<string, unknown> {
  ownerId: string;
  reportId: string;
}

/**
 * Sends one e-report to the studio's platform. Key: the report, so it is sent once; its tracking
 * id is `e-report:<id>`, so an attempt that sent it but failed before recording finds the flow
 * next time. A platform outage delays it (retries), a job that gives up is in the dead-letter queue.
 */
export const E_REPORT_SEND_JOB = defineJob<EReportSendPayload>({
  jobName: 'e-reporting.send',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'eReportSendWorkflow',
  workflowId: (reportId) => jobId('e-report-send', reportId),
  rerun: 'return-existing',
});

export interface EReportSendActivities {
  sendEReport(payload: EReportSendPayload): Promise<{ outcome: 'sent' | 'found' | 'skipped'; status: string | null }>;
}

/** The daily e-reporting job's payload: how many studios one activity call takes (the default when unset). */
export interface EReportingDailyPayload extends Record<string, unknown> {
  batchSize?: number;
}

/** What a batch of studios, or the whole run, did: reports made, and the studios whose report failed. */
export interface EReportingDailySummary {
  studios: number;
  reports: number;
  failed: { ownerId: string; flow: string; message: string }[];
}

/**
 * The daily e-reporting job (issue 32 §4): for every French studio with a VAT regime and an
 * approved platform, the report of each flow's latest ended period is made (once: a period
 * reported already is left as it is) and its send job started. A day the job did not run loses
 * nothing: a period not reported has its records go into the next report as corrections.
 */
export const E_REPORTING_DAILY_JOB = defineJob<EReportingDailyPayload>({
  jobName: 'e-reporting.daily',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'eReportingDailyWorkflow',
  workflowId: (key) => jobId('e-reporting-daily', key),
  rerun: 'return-existing',
});

/** 02:10 UTC: a period ending yesterday has ended in every French time zone, metropolitan and overseas. */
export const E_REPORTING_DAILY_SCHEDULE = {
  scheduleId: 'e-reporting:daily',
  cron: '10 2 * * *',
  contract: E_REPORTING_DAILY_JOB,
} as const;

export const E_REPORTING_DAILY_BATCH = 100;

export interface EReportingDailyActivities {
  /** One batch of studios after `afterOwnerId`: their due reports made and sent. */
  makeDueEReports(input: {
    afterOwnerId: string | null;
    limit: number;
  }): Promise<EReportingDailySummary & { lastOwnerId: string | null }>;
}
