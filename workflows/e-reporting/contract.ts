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
