import { type ReminderPlan } from '../../domain/invoicing/reminder-decision';
import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

export interface DocumentPdfPayload extends Record<string, unknown> {
  /** An issued invoice's pdf and a credit note's pdf are rendered once and kept (pdf_key, pdf_sha256). */
  kind: 'quote' | 'invoice' | 'credit_note';
  documentId: string;
  ownerId: string;
  /**
   * Absent: pdf (GET .../pdf); docx for GET /api/invoices/:id/export?format=docx (and credit notes);
   * facturx (the PDF/A-3 with factur-x.xml) and xml (the CII alone) for an issued invoice or a
   * credit note (issue 22 §1).
   */
  format?: 'pdf' | 'docx' | 'facturx' | 'xml' | 'ubl';
}

/** The pdf of a quote, invoice or credit note in object storage (a permanent prefix), by key. */
export interface DocumentPdf {
  key: string;
  filename: string;
  /** The stored pdf of an issued invoice or a credit note: its recorded SHA-256 (hex). */
  sha256?: string;
}

/**
 * The pdf of one version of a quote or draft invoice. Key: kind, id and the document's updated_at,
 * so asking twice for the same version renders once, and a changed document renders anew. An
 * issued invoice (`invoice:<id>:issued`) and a credit note (`credit_note:<id>`) have one version:
 * the activity renders it once, stores it and records its key and SHA-256; later runs answer it.
 */
export const DOCUMENT_PDF_JOB = defineJob<DocumentPdfPayload>({
  jobName: 'billing.pdf',
  taskQueue: TASK_QUEUES.documents,
  workflowType: 'documentPdfWorkflow',
  workflowId: (version) => jobId('document-pdf', version),
  rerun: 'return-existing',
});

/** The job key of an issued invoice's kept pdf: the one render every download and the relay meet on. */
export const keptInvoicePdfKey = (invoiceId: string): string => `invoice:${invoiceId}:issued`;

export interface DocumentPdfActivities {
  renderDocumentPdf(payload: DocumentPdfPayload): Promise<DocumentPdf>;
  renderDocumentDocx(payload: DocumentPdfPayload): Promise<DocumentPdf>;
  /** The e-invoice files (format facturx or xml): activities/invoicing/e-invoice-file.ts. */
  renderEInvoice(payload: DocumentPdfPayload): Promise<DocumentPdf>;
}

export interface DocumentEmailPayload extends Record<string, unknown> {
  kind: 'quote' | 'invoice';
  documentId: string;
  ownerId: string;
  /** Validated addresses (the API falls back to the client's email). */
  to: string[];
  /** Overrides of the template's subject, and a personal note put above the template's text. */
  subject?: string | null;
  message?: string | null;
  emailTemplateId?: string | null;
  /** true: the pdf is attached; false: a signed link to it is put in the email. */
  attachPdf: boolean;
  requestKey: string;
}

export interface DocumentEmailResult {
  to: string[];
  messageId: string;
  status: string;
}

/**
 * Sends a quote or invoice by email. Key: the send request (Idempotency-Key or a fresh id), so a
 * retried request or a retried workflow sends once.
 */
export const DOCUMENT_EMAIL_JOB = defineJob<DocumentEmailPayload, string>({
  jobName: 'billing.send-email',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'documentEmailWorkflow',
  workflowId: (requestKey) => jobId('document-email', requestKey),
  rerun: 'return-existing',
});

export interface DocumentEmailActivities {
  sendDocumentEmail(input: {
    jobRunId: string;
    payload: DocumentEmailPayload;
    pdf: DocumentPdf;
  }): Promise<DocumentEmailResult>;
  /** Email tracking FAILED rows when the send gives up. */
  recordDocumentEmailFailed(input: { jobRunId: string; payload: DocumentEmailPayload; error: string }): Promise<void>;
}

/** Failures no retry can fix (the document or template is gone). */
export const DOCUMENT_EMAIL_NON_RETRYABLE = ['document_not_found', 'not_found', 'validation_failed'] as const;

export interface ScheduleChangedPayload extends Record<string, unknown> {
  /** The SESSION_RESCHEDULED outbox event (the job's key: one notice per move). */
  eventId: string;
  sessionId: string;
  ownerId: string;
  previousStart: string | null;
  newStart: string | null;
}

/**
 * Tells the clients of a rescheduled session the new due dates of their payment schedules (issue
 * 21 §1): one email per document whose unpaid installments moved, once per move.
 */
export const SCHEDULE_CHANGED_JOB = defineJob<ScheduleChangedPayload>({
  jobName: 'billing.schedule-changed',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'paymentScheduleChangedWorkflow',
  workflowId: (eventId) => jobId('schedule-changed', eventId),
  rerun: 'return-existing',
});

export interface ScheduleChangedActivities {
  /** Sends the notices of one move; a retried activity sends none twice. Answers how many were sent. */
  notifyPaymentScheduleChanged(input: { jobRunId: string; payload: ScheduleChangedPayload }): Promise<{ sent: number }>;
}

export interface InvoiceRemindersPayload extends Record<string, unknown> {
  invoiceId: string;
  ownerId: string;
  /** Reminders sent by the earlier runs of this workflow (it continues as new when its history grows). */
  sentBefore?: number;
}

/**
 * One invoice's payment reminders (issue 21 §2): one durable workflow per issued invoice, started
 * by the outbox relay when the invoice is issued, asleep on a timer until its next reminder, woken
 * by INVOICE_REMINDERS_CHANGED_SIGNAL (a payment, a credit note, a pause or resume, the session
 * moving, new settings). It ends when the invoice is settled, cancelled or its reminders stopped.
 */
export const INVOICE_REMINDERS_JOB = defineJob<InvoiceRemindersPayload>({
  jobName: 'billing.reminders',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'invoiceRemindersWorkflow',
  workflowId: (invoiceId) => jobId('invoice-reminders', invoiceId),
  rerun: 'return-existing',
});

/** Signal name (no argument): something a reminder depends on changed; the workflow looks again. */
export const INVOICE_REMINDERS_CHANGED_SIGNAL = 'invoiceRemindersChanged';

/** What the workflow does next, as the activity decided it at the workflow's `now`. */
export type { ReminderPlan };

export type ReminderSendOutcome =
  /** Sent now (email, and SMS when the step says so). */
  | { status: 'sent'; dueDate: string; stepIndex: number; occurrence: number }
  /** The email kept failing: recorded FAILED in email_tracking and the reminder's row; the next one goes on. */
  | { status: 'failed' }
  /** Nothing was due at `now` after all (a payment, a pause, new settings since the plan): plan again. */
  | { status: 'not_due' };

export interface InvoiceRemindersSummary {
  sent: number;
  reason: string;
}

export interface InvoiceRemindersActivities {
  /** Reads the invoice, the studio's steps and what was sent, and decides at `now` (the workflow's clock). */
  planInvoiceReminder(input: { invoiceId: string; ownerId: string; now: number }): Promise<ReminderPlan>;
  /** Decides again at `now` and sends what is due then, at most once per (due date, step, occurrence). */
  sendInvoiceReminder(input: {
    jobRunId: string;
    invoiceId: string;
    ownerId: string;
    now: number;
    pdfKey: string | null;
  }): Promise<ReminderSendOutcome>;
}
