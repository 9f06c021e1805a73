import { type JobContract } from './job-run/contract';
import { EXPORT_JOB, SCHEDULED_EXPORT_JOB } from './exports/contract';
import { MARK_OVERDUE_INVOICES, RECONCILE_JOB_RUNS } from './maintenance/contract';
import { IMPORT_JOB } from './imports/contract';
import { CLEANUP_EXPORT_FILES, CLEANUP_ORPHAN_FILE_OBJECTS, CLEANUP_ORPHAN_OBJECTS } from './cleanup/contract';
import { EVALUATE_TRIGGERS_JOB, SCHEDULED_TRIGGER_JOB } from './workflow-triggers/contract';
import {
  DOCUMENT_EMAIL_JOB,
  DOCUMENT_PDF_JOB,
  INVOICE_REMINDERS_JOB,
  SCHEDULE_CHANGED_JOB,
} from './invoicing/contract';
import { SESSION_INFO_INVITE_JOB } from './session-info/contract';
import { TEAM_INVITE_JOB } from './teams/contract';
import { CALENDAR_COPY_JOB, CALENDAR_SYNC_ALL_JOB, CALENDAR_SYNC_JOB } from './calendar/contract';
import { BOOKING_EMAIL_JOB } from './booking/contract';
import { ROADMAP_JOB } from './roadmap/contract';
import { ENTITY_AUTOMATION_JOB, SESSION_AUTOMATION_JOB } from './automations/contract';
import { PAYMENT_EVENT_JOB, PAYMENT_RECEIPT_JOB } from './payments/contract';
import { ACCOUNTING_EXPORT_JOB } from './accounting-export/contract';
import { SIGNED_QUOTE_JOB } from './client-portal/contract';
import { LEDGER_DAILY_JOB } from './ledger/contract';
import {
  E_INVOICE_CASHED_JOB,
  E_INVOICE_TRANSMIT_JOB,
  POLL_PLATFORM_STATUSES,
  PURCHASE_ANSWER_JOB,
  RECEIVE_PURCHASE_INVOICES,
} from './e-invoicing/contract';
import { E_REPORT_SEND_JOB, E_REPORTING_DAILY_JOB } from './e-reporting/contract';

/**
 * Every job contract. The worker polls the task queues named here, and replay and the
 * reconciler read a job's queue and workflow type from its job_runs row, which startJob copied
 * from one of these. A capability adds its contracts to this list.
 */
export const JOB_CONTRACTS: readonly JobContract<unknown, never>[] = [
  EXPORT_JOB,
  SCHEDULED_EXPORT_JOB,
  CLEANUP_EXPORT_FILES,
  CLEANUP_ORPHAN_FILE_OBJECTS,
  CLEANUP_ORPHAN_OBJECTS,
  EVALUATE_TRIGGERS_JOB,
  SCHEDULED_TRIGGER_JOB,
  DOCUMENT_PDF_JOB,
  IMPORT_JOB,
  SESSION_INFO_INVITE_JOB,
  TEAM_INVITE_JOB,
  ROADMAP_JOB,
  SESSION_AUTOMATION_JOB,
  DOCUMENT_EMAIL_JOB,
  SCHEDULE_CHANGED_JOB,
  PAYMENT_EVENT_JOB,
  PAYMENT_RECEIPT_JOB,
  INVOICE_REMINDERS_JOB,
  ENTITY_AUTOMATION_JOB,
  ACCOUNTING_EXPORT_JOB,
  SIGNED_QUOTE_JOB,
  LEDGER_DAILY_JOB,
  E_INVOICE_TRANSMIT_JOB,
  E_INVOICE_CASHED_JOB,
  E_REPORT_SEND_JOB,
  PURCHASE_ANSWER_JOB,
  E_REPORTING_DAILY_JOB,
  CALENDAR_SYNC_JOB,
  CALENDAR_SYNC_ALL_JOB,
  CALENDAR_COPY_JOB,
  BOOKING_EMAIL_JOB,
];

/**
 * The workflow types of the jobs whose contract says `single-local`: their one local activity
 * keeps the job's bookkeeping (workers/job-context-interceptor.ts), their workflow only a failure.
 */
export const SINGLE_LOCAL_JOB_WORKFLOWS: ReadonlySet<string> = new Set(
  JOB_CONTRACTS.filter((c) => c.activities === 'single-local').map((c) => c.workflowType),
);

/** Workflows started by a Temporal Schedule rather than by startJob. */
export const SCHEDULED_WORKFLOWS: readonly { taskQueue: string; workflowType: string }[] = [
  RECONCILE_JOB_RUNS,
  MARK_OVERDUE_INVOICES,
  POLL_PLATFORM_STATUSES,
  RECEIVE_PURCHASE_INVOICES,
];

/** The task queues a worker must poll: those of every contract and scheduled workflow. */
export function taskQueuesInUse(): string[] {
  return [...new Set([...JOB_CONTRACTS, ...SCHEDULED_WORKFLOWS].map((c) => c.taskQueue))].sort();
}
