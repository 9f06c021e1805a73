import { settleBookingDeposit } from '../services/booking/booking-deposit';
import { checkEInvoiceXml } from '../lib/facturx/e-invoice-gate';
import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { sequelizeJobRunStore } from '../db/commands/job-run-store';
import { markOverdueInvoices } from '../db/commands/mark-overdue-invoices';
import { applyCardPaymentFailed } from '../db/commands/apply-card-payment-failed';
import { applyPaymentSucceeded } from '../db/commands/apply-payment-succeeded';
import { markReceiptEmailed } from '../db/commands/mark-receipt-emailed';
import { recordReceiptPdf } from '../db/commands/record-receipt-pdf';
import { loadReceiptSources } from '../db/queries/payment-receipts';
import { findStaleRunningJobRuns } from '../db/queries/job-runs';
import { readClientInfo } from '../db/queries/client-info';
import { recordDocumentEmailFailed, recordDocumentSent } from '../db/commands/document-sent';
import { wasEmailSent } from '../db/queries/document-sent';
import { closeExportJob } from '../db/commands/close-export-job';
import { markScheduledExportRun } from '../db/commands/mark-scheduled-export-run';
import { openScheduledExportJob } from '../db/commands/open-scheduled-export-job';
import { recordInvoiceReminder } from '../db/commands/record-invoice-reminder';
import { findDocument } from '../db/queries/invoicing';
import { recordScheduleNotice } from '../db/commands/schedule-notices';
import { scheduleNoticeSent } from '../db/queries/schedule-notices';
import { findStoredPdf, recordStoredPdf } from '../db/commands/stored-documents';
import { previewDocumentEmail } from '../db/queries/document-email';
import { loadCreditNoteSources, loadDocumentSources } from '../db/queries/document-sources';
import { loadCreditNoteEInvoice, loadInvoiceEInvoice } from '../services/e-invoicing/e-invoice-sources';
import { findKeptEInvoice, recordKeptEInvoice } from '../db/commands/kept-e-invoices';
import { findEmailTemplate } from '../db/queries/email-templates';
import { findDefaultExportTemplate, findExportTemplateOrNull } from '../db/queries/export-templates';
import { findScheduledExportById } from '../db/queries/scheduled-exports';
import { findReminderDecision, reminderBehind } from '../db/queries/invoice-reminders';
import { listScheduledDocuments } from '../db/queries/scheduled-documents';
import { findSession } from '../db/queries/sessions';
import { findStudio } from '../db/queries/studios';
import { ensureClientAccount } from '../db/commands/ensure-client-account';
import { issueMagicLink } from '../db/commands/issue-magic-link';
import { issueDocumentLink } from '../db/commands/issue-document-link';
import { recordEReportTransmission } from '../db/commands/record-e-report-transmission';
import { findEReport } from '../db/queries/e-reports';
import {
  createEReportSendActivities,
  type EReportSendDb,
  type EReportSendDeps,
} from '../activities/e-reporting/send-e-report';
import { markSignatureEmailed, recordSignedCopy } from '../db/commands/signed-quote-copies';
import { loadSignedQuote } from '../db/queries/signed-quotes';
import {
  createSignedQuoteActivities,
  type SignedQuoteDb,
  type SignedQuoteDeps,
} from '../activities/client-portal/signed-quote';
import { loadClientFace } from '../db/queries/client-face';
import { loadRoadmapSources } from '../db/queries/roadmap-sources';
import { findInviteTemplate, loadInviteContext } from '../db/queries/session-info-invite';
import { createCleanupActivities, type CleanupDeps } from '../activities/cleanup';
import { createJobRunActivities } from '../activities/job-runs';
import {
  createExportDeliveryActivities,
  type ExportDeliveryDb,
  type ExportDeliveryDeps,
} from '../activities/export-delivery';
import { createExportRenderActivities, type ExportRenderDeps } from '../activities/exports/render-export';
import { createImportActivities, type ImportDb, type ImportDeps } from '../activities/imports/run-import';
import { createOverdueInvoicesActivities } from '../activities/overdue-invoices';
import { createReconcileActivities, type ReconcileStore } from '../activities/reconcile-job-runs';
import { createJobStarterActivities } from '../activities/job-starters';
import {
  createDocumentPdfActivities,
  type DocumentPdfDb,
  type DocumentPdfDeps,
} from '../activities/invoicing/render-document-pdf';
import {
  createDocumentEmailActivities,
  type DocumentEmailDb,
  type DocumentEmailDeps,
} from '../activities/invoicing/send-document-email';
import {
  createScheduleChangedActivities,
  type ScheduleChangedDb,
  type ScheduleChangedDeps,
} from '../activities/invoicing/notify-schedule-changed';
import {
  createInvoiceReminderActivities,
  type InvoiceReminderDb,
  type InvoiceReminderDeps,
} from '../activities/invoicing/invoice-reminders';
import {
  createPaymentEventActivities,
  type PaymentEventDb,
  type PaymentEventDeps,
} from '../activities/payments/apply-payment-event';
import {
  createPaymentReceiptActivities,
  type PaymentReceiptDb,
  type PaymentReceiptDeps,
} from '../activities/payments/payment-receipt';
import { createTriggerEvaluationActivities } from '../activities/workflow-triggers/evaluate-triggers';
import { createScheduledTriggerActivities } from '../activities/workflow-triggers/run-scheduled-trigger';
import {
  createSessionInfoInviteActivities,
  type SessionInfoInviteDb,
  type SessionInfoInviteDeps,
} from '../activities/session-info-invite';
import { createRoadmapActivities, type RoadmapDb, type RoadmapDeps } from '../activities/roadmap';
import {
  type AutomationDb,
  type AutomationDeps,
  createAutomationActivities,
} from '../activities/automations/automation-activities';
import { type TaskMessageDb } from '../activities/automations/task-messages';
import { type StartJob } from '../activities/db-deps';
import { applyAutomationToEntity } from '../db/commands/apply-automation-to-entity';
import { claimEntityTaskRun } from '../db/commands/claim-entity-task-run';
import { failEntityTaskRun } from '../db/commands/fail-entity-task-run';
import { finishEntityTaskRun } from '../db/commands/finish-entity-task-run';
import { recordFiringExecutions, recordTriggerExecutions } from '../db/commands/record-trigger-executions';
import { applyAutomationToSession } from '../db/commands/apply-automation-to-session';
import { claimTaskRun } from '../db/commands/claim-task-run';
import { failTaskRun } from '../db/commands/fail-task-run';
import { finishTaskRun } from '../db/commands/finish-task-run';
import { recordTaskRunSchedule } from '../db/commands/record-task-run-schedule';
import { loadConditionSubject, loadConditionSubjects } from '../db/queries/condition-subject';
import { findStudioRegionSources } from '../db/queries/company-profile';
import {
  listAutomationTaskShapes,
  loadEntityTaskRunContext,
  loadEntityWithContact,
} from '../db/queries/entity-automations';
import { loadEventWithTriggers } from '../db/queries/event-triggers';
import {
  findTaskSmsTemplate,
  loadTaskRunContext,
  sessionPeople,
  sessionRecipient,
} from '../db/queries/session-automation-task';
import { findTriggerById, pageOwnedEntityIds } from '../db/queries/workflow-triggers';
import { assignedMembers } from '../db/queries/session-assignments';
import { JOB_CONTRACTS } from '../workflows/contracts';
import {
  type AccountingExportDb,
  type AccountingExportDeps,
  createAccountingExportActivities,
} from '../activities/accounting-export';
import { upsertExportFileObject } from '../db/commands/export-file-objects';
import { readAccountingAccounts, readAccountingPeriod, readJournalPeriod } from '../db/queries/accounting-export';
import { findCompanyProfile } from '../db/queries/company-profile';
import { startJob } from '../lib/jobs/start-job';
import { type JobMetrics } from '../lib/metrics/job-metrics';
import { closeEndedLedgerPeriods } from '../db/commands/close-ended-ledger-periods';
import { checkLedgerIntegrity } from '../db/queries/ledger-integrity';
import { pageLedgerOwners } from '../db/queries/ledger-owners';
import {
  createLedgerDailyActivities,
  type LedgerDailyDb,
  type LedgerDailyDeps,
} from '../activities/ledger/ledger-daily';
import { bindDb } from './bind-db';
import { exportRenderDb } from './export-render-db';
import { importDb } from './import-db';

/** What the worker provides a capability besides its data access, which buildActivities binds. */
import {
  createEInvoiceTransmitActivities,
  type EInvoiceTransmitDb,
  type EInvoiceTransmitDeps,
} from '../activities/e-invoicing/transmit-e-invoice';
import { recordPlatformStatus } from '../db/commands/record-platform-status';
import {
  findCashedPayment,
  findPlatformTransmission,
  findTransmissionByFlow,
  listOwnersToPoll,
} from '../db/queries/platform-transmissions';
import {
  createEInvoiceCashedActivities,
  type EInvoiceCashedDb,
  type EInvoiceCashedDeps,
} from '../activities/e-invoicing/send-cashed-status';
import {
  createPlatformStatusPollActivities,
  type PlatformStatusPollDb,
  type PlatformStatusPollDeps,
} from '../activities/e-invoicing/poll-platform-statuses';
import {
  createPurchaseInvoiceInboxActivities,
  type PurchaseInvoiceInboxDb,
  type PurchaseInvoiceInboxDeps,
} from '../activities/e-invoicing/receive-purchase-invoices';
import {
  createPurchaseAnswerActivities,
  type PurchaseAnswerDb,
  type PurchaseAnswerDeps,
} from '../activities/e-invoicing/send-purchase-answer';
import { recordPurchaseInvoice } from '../db/commands/purchase-invoices';
import { setInvitationLink } from '../db/commands/team';
import { findInvitationLetter } from '../db/queries/team';
import {
  type BookingEmailDb,
  type BookingEmailDeps,
  createBookingEmailActivities,
} from '../activities/booking/booking-email';
import { findBookingLetter } from '../db/queries/booking-letter';
import { recordBookingLink } from '../db/commands/booking-links';
import { type CalendarDb, type CalendarDeps, createCalendarActivities } from '../activities/calendar/calendar-sync';
import { recordCalendarSync, recordCalendarSyncFailure } from '../db/commands/calendar-connections';
import { forgetCalendarEventCopy, recordCalendarEventCopy } from '../db/commands/calendar-event-copies';
import { findBooking } from '../db/queries/booking';
import {
  findCalendarConnectionAccess,
  knownCalendarObjects,
  listConnectionsToSync,
  listMemberConnectionIds,
} from '../db/queries/calendar-connections';
import { findCalendarEventCopy, listBookingCopies } from '../db/queries/calendar-event-copies';
import { createTeamInviteActivities, type TeamInviteDb, type TeamInviteDeps } from '../activities/teams/team-invite';
import {
  createEReportingDailyActivities,
  type EReportingDailyDb,
  type EReportingDailyDeps,
} from '../activities/e-reporting/e-reporting-daily';
import { makeEReport } from '../db/commands/make-e-report';
import { pageEReportingStudios } from '../db/queries/e-reporting-studios';
import { recordAnswerSent } from '../db/commands/answer-purchase-invoice';
import { markInboxRead, recordInboxFlow } from '../db/commands/record-inbox-flow';
import { isInboxFlowHandled, listInboxStudios } from '../db/queries/platform-inbox';
import { findPurchaseAnswer } from '../db/queries/purchase-invoices';

type Resources<Deps, Db> = Omit<Deps, keyof Db>;

/** job_runs for the reconciler; `settle` ends only a RUNNING row (the bookkeeping store's finish), so a late runJob write wins. */
function reconcileStore(sequelize: Sequelize): ReconcileStore {
  const jobRuns = sequelizeJobRunStore(sequelize);
  return {
    findStaleRunning: (olderThan, limit) => findStaleRunningJobRuns(sequelize, olderThan, limit),
    async settle(id, outcome) {
      return (await jobRuns.finish(id, outcome, new Date())) !== undefined;
    },
  };
}

export interface WorkerDeps {
  logger: Logger;
  /** The one database handle: buildActivities binds it to each capability's db/ functions. */
  sequelize: Sequelize;
  metrics: JobMetrics;
  exportDelivery: Resources<ExportDeliveryDeps, ExportDeliveryDb>;
  exportRender: Omit<ExportRenderDeps, 'db'>;
  accountingExport: Resources<AccountingExportDeps, AccountingExportDb>;
  /** For activities that ask Temporal about workflows or start jobs (reconciler, schedules, outbox relay). */
  temporal: Client;
  /** S3, database and metrics of the cleanup jobs (built by workers/main.ts with workers/cleanup-deps.ts). */
  cleanup: CleanupDeps;
  /** S3 and logger of the imports (workers/main.ts); their data access is bound below. */
  imports: Resources<ImportDeps, ImportDb>;
  sessionInfoInvite: Resources<SessionInfoInviteDeps, SessionInfoInviteDb>;
  /** The mailer of the team invitations (issue 44). */
  teamInvite: Resources<TeamInviteDeps, TeamInviteDb>;
  /** The key of the members' calendar passwords and the CalDAV client (issue 45 §3). */
  calendars: Resources<CalendarDeps, CalendarDb>;
  /** The mailer of the clients' booking emails (issue 45 §3). */
  bookingEmail: Resources<BookingEmailDeps, BookingEmailDb>;
  roadmap: Resources<RoadmapDeps, RoadmapDb>;
  /** SMS provider, mailer, S3 and Temporal client of the automations' tasks (sessions, contacts, quotes, invoices). */
  automations: Omit<AutomationDeps, keyof AutomationDb | 'startJob'>;
  documentPdf: Resources<DocumentPdfDeps, DocumentPdfDb>;
  /** The signed copy of a quote: storage, Chromium and the mailer (issue 31 §2). */
  signedQuote: Resources<SignedQuoteDeps, SignedQuoteDb>;
  documentEmail: Resources<DocumentEmailDeps, DocumentEmailDb>;
  scheduleChanged: Resources<ScheduleChangedDeps, ScheduleChangedDb>;
  invoiceReminders: Resources<InvoiceReminderDeps, InvoiceReminderDb>;
  /** The wallet provider that captures approved orders, and the logger. */
  payments: Resources<PaymentEventDeps, PaymentEventDb>;
  /** S3, Chromium, mailer and logger of the payments' receipts. */
  paymentReceipts: Resources<PaymentReceiptDeps, PaymentReceiptDb>;
  /** Logger and metrics of the ledger's daily closures and check (issue 32 §6). */
  ledger: Resources<LedgerDailyDeps, LedgerDailyDb>;
  /** S3, logger and each studio's platform client of the e-invoice transmissions (issue 32). */
  eInvoiceTransmit: Resources<EInvoiceTransmitDeps, EInvoiceTransmitDb>;
  platformStatusPoll: Resources<PlatformStatusPollDeps, PlatformStatusPollDb>;
  /** S3 and each studio's platform client, for the purchase invoices delivered (issue 32 §3). */
  purchaseInvoiceInbox: Resources<PurchaseInvoiceInboxDeps, PurchaseInvoiceInboxDb>;
  purchaseAnswer: Resources<PurchaseAnswerDeps, PurchaseAnswerDb>;
  eInvoiceCashed: Resources<EInvoiceCashedDeps, EInvoiceCashedDb>;
  /** Each studio's platform client, for its e-reports (issue 32 §4). */
  eReportSend: Resources<EReportSendDeps, EReportSendDb>;
  /** Logger of the daily e-reports (issue 32 §4); their send jobs start with the worker's Temporal client. */
  eReportingDaily: Resources<EReportingDailyDeps, EReportingDailyDb & Pick<EReportingDailyDeps, 'startJob'>>;
}

/** The worker's dependencies with the one startJob every job-starting activity shares. */
interface Wiring {
  deps: WorkerDeps;
  sequelize: Sequelize;
  startJob: StartJob;
}

/** job_runs bookkeeping, its reconciler, the overdue pass, the job starters and the cleanup jobs. */
function jobActivities({ deps, sequelize, startJob }: Wiring) {
  return {
    ...createJobRunActivities({ logger: deps.logger, metrics: deps.metrics, store: sequelizeJobRunStore(sequelize) }),
    ...createReconcileActivities({ temporal: deps.temporal, logger: deps.logger, store: reconcileStore(sequelize) }),
    ...createOverdueInvoicesActivities(bindDb(sequelize, { markOverdueInvoices })),
    ...createJobStarterActivities({ startJob, contracts: JOB_CONTRACTS }),
    ...createCleanupActivities(deps.cleanup),
  };
}

/** The exports (rendered, delivered, the accountant's), the imports and the roadmap. */
function exportActivities({ deps, sequelize }: Wiring) {
  return {
    ...createExportDeliveryActivities({
      ...deps.exportDelivery,
      ...bindDb(sequelize, {
        closeExportJob,
        markScheduledExportRun,
        openScheduledExportJob,
        findScheduledExportById,
        findStudio,
        findExportTemplateOrNull,
        findDefaultExportTemplate,
      }),
    }),
    ...createExportRenderActivities({ ...deps.exportRender, db: exportRenderDb(sequelize) }),
    ...createImportActivities({ ...deps.imports, ...importDb(sequelize) }),
    ...createRoadmapActivities({ ...deps.roadmap, ...bindDb(sequelize, { loadRoadmapSources, readClientInfo }) }),
    ...createAccountingExportActivities({
      ...deps.accountingExport,
      ...bindDb(sequelize, {
        readAccountingPeriod,
        readJournalPeriod,
        readAccountingAccounts,
        findCompanyProfile,
        upsertExportFileObject,
      }),
    }),
  };
}

/** The triggers (on an event, on a schedule) and the automations' tasks they start. */
function automationActivities({ deps, sequelize, startJob }: Wiring) {
  const taskMessageDb: TaskMessageDb = bindDb(sequelize, {
    findTaskSmsTemplate,
    findStudioRegionSources,
    findEmailTemplate,
    loadClientFace,
  });
  return {
    ...createTriggerEvaluationActivities({
      logger: deps.logger,
      startJob,
      ...bindDb(sequelize, {
        loadEventWithTriggers,
        loadConditionSubject,
        recordTriggerExecutions,
      }),
    }),
    ...createScheduledTriggerActivities({
      logger: deps.logger,
      startJob,
      ...bindDb(sequelize, {
        listAutomationTaskShapes,
        findTriggerById,
        pageOwnedEntityIds,
        loadConditionSubjects,
        recordFiringExecutions,
      }),
    }),
    ...createAutomationActivities({
      ...deps.automations,
      ...taskMessageDb,
      startJob,
      ...bindDb(sequelize, {
        applyAutomationToSession,
        recordTaskRunSchedule,
        failTaskRun,
        loadTaskRunContext,
        sessionRecipient,
        sessionPeople,
        assignedMembers,
        claimTaskRun,
        finishTaskRun,
        applyAutomationToEntity,
        loadEntityTaskRunContext,
        loadEntityWithContact,
        claimEntityTaskRun,
        finishEntityTaskRun,
        failEntityTaskRun,
      }),
    }),
  };
}

/** A quote's or invoice's pdf, its signed copy, and what the studio's clients are sent about them. */
function documentActivities({ deps, sequelize }: Wiring) {
  return {
    ...createSignedQuoteActivities({
      ...deps.signedQuote,
      ...bindDb(sequelize, { loadSignedQuote, loadClientFace, recordSignedCopy, markSignatureEmailed }),
    }),
    ...createDocumentPdfActivities({
      ...deps.documentPdf,
      ...bindDb(sequelize, {
        findStoredPdf,
        recordStoredPdf,
        loadDocumentSources,
        loadCreditNoteSources,
        loadInvoiceEInvoice,
        loadCreditNoteEInvoice,
        findKeptEInvoice,
        recordKeptEInvoice,
      }),
    }),
    ...createTeamInviteActivities({
      ...deps.teamInvite,
      ...bindDb(sequelize, { findInvitationLetter, setInvitationLink }),
    }),
    ...createSessionInfoInviteActivities({
      ...deps.sessionInfoInvite,
      ...bindDb(sequelize, {
        loadInviteContext,
        loadClientFace,
        ensureClientAccount,
        issueMagicLink,
        findInviteTemplate,
      }),
    }),
    ...createDocumentEmailActivities({
      ...deps.documentEmail,
      ...bindDb(sequelize, {
        findDocument,
        wasEmailSent,
        findStudio,
        loadClientFace,
        previewDocumentEmail,
        recordDocumentSent,
        recordDocumentEmailFailed,
        issueDocumentLink,
      }),
    }),
    ...createScheduleChangedActivities({
      ...deps.scheduleChanged,
      ...bindDb(sequelize, {
        findStudio,
        findSession,
        listScheduledDocuments,
        scheduleNoticeSent,
        findEmailTemplate,
        recordScheduleNotice,
      }),
    }),
    ...createInvoiceReminderActivities({
      ...deps.invoiceReminders,
      ...bindDb(sequelize, {
        findReminderDecision,
        reminderBehind,
        loadClientFace,
        recordInvoiceReminder,
        issueDocumentLink,
      }),
    }),
  };
}

/** Members' CalDAV calendars: read for busy time, written with their bookings (issue 45 §3). */
function calendarActivities({ deps, sequelize }: Wiring) {
  return {
    ...createBookingEmailActivities({
      ...deps.bookingEmail,
      ...bindDb(sequelize, { findBookingLetter, recordBookingLink }),
    }),
    ...createCalendarActivities({
      ...deps.calendars,
      ...bindDb(sequelize, {
        findCalendarConnectionAccess,
        knownCalendarObjects,
        recordCalendarSync,
        recordCalendarSyncFailure,
        listConnectionsToSync,
        findBooking,
        listMemberConnectionIds,
        findCalendarEventCopy,
        listBookingCopies,
        recordCalendarEventCopy,
        forgetCalendarEventCopy,
      }),
    }),
  };
}

/** The payments' events and receipts, and the ledger's daily closures and check. */
function paymentActivities({ deps, sequelize }: Wiring) {
  return {
    ...createPaymentEventActivities({
      ...deps.payments,
      ...bindDb(sequelize, { applyPaymentSucceeded, applyCardPaymentFailed }),
      settleBookingDeposit: (payload) =>
        settleBookingDeposit(
          { sequelize, temporal: deps.temporal, logger: deps.payments.logger, checkEInvoice: checkEInvoiceXml },
          payload,
        ),
    }),
    ...createPaymentReceiptActivities({
      ...deps.paymentReceipts,
      ...bindDb(sequelize, { loadReceiptSources, recordReceiptPdf, markReceiptEmailed }),
    }),
    ...createLedgerDailyActivities({
      ...deps.ledger,
      ...bindDb(sequelize, { pageLedgerOwners, closeEndedLedgerPeriods, checkLedgerIntegrity }),
    }),
  };
}

/** E-invoicing through each studio's platform: transmissions, statuses, the inbox, answers, e-reports (issue 32). */
function eInvoicingActivities({ deps, sequelize, startJob }: Wiring) {
  return {
    ...createEInvoiceTransmitActivities({
      ...deps.eInvoiceTransmit,
      ...bindDb(sequelize, { findPlatformTransmission, recordPlatformStatus }),
    }),
    ...createPlatformStatusPollActivities({
      ...deps.platformStatusPoll,
      ...bindDb(sequelize, { listOwnersToPoll, findTransmissionByFlow, recordPlatformStatus }),
    }),
    ...createPurchaseInvoiceInboxActivities({
      ...deps.purchaseInvoiceInbox,
      ...bindDb(sequelize, {
        listInboxStudios,
        isInboxFlowHandled,
        recordInboxFlow,
        markInboxRead,
        recordPurchaseInvoice,
      }),
    }),
    ...createPurchaseAnswerActivities({
      ...deps.purchaseAnswer,
      ...bindDb(sequelize, { findPurchaseAnswer, recordAnswerSent }),
    }),
    ...createEInvoiceCashedActivities({
      ...deps.eInvoiceCashed,
      ...bindDb(sequelize, { findCashedPayment, recordPlatformStatus }),
    }),
    ...createEReportingDailyActivities({
      ...deps.eReportingDaily,
      startJob,
      ...bindDb(sequelize, { pageEReportingStudios, makeEReport }),
    }),
    ...createEReportSendActivities({
      ...deps.eReportSend,
      ...bindDb(sequelize, { findEReport, recordEReportTransmission }),
    }),
  };
}

/** Every activity, built from its factory with real dependencies. Capability activities join one of the groups above. */
export function buildActivities(deps: WorkerDeps) {
  const { sequelize } = deps;
  const startJobBound: StartJob = (contract, key, payload, meta) =>
    startJob(sequelize, deps.temporal, contract, key, payload, meta);
  const wiring: Wiring = { deps, sequelize, startJob: startJobBound };
  return {
    ...jobActivities(wiring),
    ...exportActivities(wiring),
    ...automationActivities(wiring),
    ...documentActivities(wiring),
    ...calendarActivities(wiring),
    ...paymentActivities(wiring),
    ...eInvoicingActivities(wiring),
  };
}
