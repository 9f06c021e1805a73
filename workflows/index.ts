/**
 * Every workflow the worker runs, bundled once and served on every task queue the contracts
 * name. A capability adds its workflows here and its contract to workflows/contracts.ts.
 */
export { markOverdueInvoicesWorkflow } from './maintenance/mark-overdue-invoices';
export { reconcileJobRunsWorkflow } from './maintenance/reconcile-job-runs';
export { launchJobWorkflow } from './job-run/launch-job';
export { exportWorkflow, scheduledExportWorkflow } from './exports/export';
export {
  cleanupExportFilesWorkflow,
  cleanupOrphanFileObjectsWorkflow,
  cleanupOrphanObjectsWorkflow,
} from './cleanup/cleanup-workflows';
export {
  evaluateEventTriggersWorkflow,
  evaluateTriggersInOneActivityWorkflow,
  evaluateTriggersWorkflow,
} from './workflow-triggers/evaluate-triggers';
export { runScheduledTriggerWorkflow } from './workflow-triggers/run-scheduled-trigger';
export { documentPdfWorkflow } from './invoicing/document-pdf';
export { importWorkflow } from './imports/import';
export { sessionInfoInviteWorkflow } from './session-info/invite';
export { teamInviteWorkflow } from './teams/invite';
export { calendarCopyWorkflow, calendarSyncAllWorkflow, calendarSyncWorkflow } from './calendar/sync';
export { bookingEmailWorkflow } from './booking/email';
export { roadmapWorkflow } from './roadmap/roadmap';
export {
  // The studio's automations; the names are the workflow types runs and histories know.
  entityWorkflow,
  sessionWorkflow,
} from './automations/automation-workflows';
export { documentEmailWorkflow } from './invoicing/document-email';
export { paymentScheduleChangedWorkflow } from './invoicing/schedule-changed';
export { invoiceRemindersWorkflow } from './invoicing/invoice-reminders';
export { paymentEventWorkflow } from './payments/payment-event';
export { paymentReceiptWorkflow } from './payments/payment-receipt';
export { accountingExportWorkflow } from './accounting-export/workflow';
export { signedQuoteWorkflow } from './client-portal/signed-quote';
export { ledgerDailyWorkflow } from './ledger/ledger-daily';
export { eInvoiceTransmitWorkflow } from './e-invoicing/transmit';
export { pollPlatformStatusesWorkflow } from './e-invoicing/poll-statuses';
export { eInvoiceCashedWorkflow } from './e-invoicing/cashed';
export { receiveSupplierInvoicesWorkflow } from './e-invoicing/receive-purchase-invoices';
export { purchaseAnswerWorkflow } from './e-invoicing/purchase-answer';
export { eReportSendWorkflow } from './e-reporting/send';
export { eReportingDailyWorkflow } from './e-reporting/daily';
