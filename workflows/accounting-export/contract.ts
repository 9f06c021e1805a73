import { type CsvDialect } from '../../domain/exports/csv-dialect';
import { type ExportMode, type ExportResult, type RenderedExport } from '../exports/contract';
import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/**
 * The files of the accounting export: the French FEC and its plain csv (issue 22 §2, a studio in
 * France), the journal csv with each line's currency and the tax subtotals per month, currency,
 * tax and rate (issue 30 §2, any studio).
 */
export const ACCOUNTING_EXPORT_FORMATS = ['fec', 'csv', 'journal', 'tax_summary'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

/** One period's export, validated by the api. */
export interface AccountingExportPayload extends Record<string, unknown> {
  ownerId: string;
  orgId: string;
  /** First and last day of the period on the studio's calendar, YYYY-MM-DD. */
  from: string;
  to: string;
  format: AccountingExportFormat;
  csvDialect: CsvDialect;
  /** The studio's zone: what day an invoice or payment belongs to. */
  timeZone: string;
  /** `sync`: the api waits for the result; `async`: the owner is told over Socket.IO, as other exports. */
  mode: Extract<ExportMode, 'sync' | 'async'>;
}

/**
 * An accounting export, one run per request, on the exports queue beside the other exports. Its
 * own contract rather than a new entity of EXPORT_JOB: that payload names an entity of the column
 * catalogue (fields, templates, scheduled exports, export_jobs), none of which fits a journal of
 * double entries over a period. What it shares: the queue, job_runs, the result's shape (polled at
 * /api/export/jobs/:jobRunId), file_objects, the signed link and the Socket.IO notice.
 */
export const ACCOUNTING_EXPORT_JOB = defineJob<AccountingExportPayload>({
  jobName: 'export.accounting',
  taskQueue: TASK_QUEUES.exports,
  workflowType: 'accountingExportWorkflow',
  workflowId: (ownerId) => jobId('accounting-export', ownerId),
  rerun: 'new-run',
});

/** The activity that reads the period and writes the file (activities/accounting-export.ts). */
export interface AccountingExportActivities {
  renderAccountingExport(input: { jobRunId: string; payload: AccountingExportPayload }): Promise<RenderedExport>;
}

export type AccountingExportResult = ExportResult;
