import { type ActivityOptions } from '@temporalio/common';
import { type DocumentPdf } from '../invoicing/contract';
import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** An issued invoice (deposit and final included) or credit note to send to the studio's platform. */
export interface EInvoiceTransmitPayload extends Record<string, unknown> {
  kind: 'invoice' | 'credit_note';
  documentId: string;
  ownerId: string;
}

export interface EInvoiceTransmitResult {
  /** `sent`: a flow was made now; `found`: an earlier attempt had sent it; `already`: recorded before; `skipped`: no platform. */
  outcome: 'sent' | 'found' | 'already' | 'skipped';
  flowId: string | null;
  status: string | null;
}

/**
 * Transmits an issued document to the studio's approved platform (issue 32 §2). Key: kind and
 * document id, so the outbox's redelivery meets the same job and a document is sent once; the
 * flow's tracking id is the same key, so an attempt that sent the file but failed before recording
 * finds the flow on the next attempt instead of sending it again. Retries cover a platform outage
 * of hours; then the job is in the dead-letter queue and a replay sends it.
 */
export const E_INVOICE_TRANSMIT_JOB = defineJob<EInvoiceTransmitPayload>({
  jobName: 'e-invoicing.transmit',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'eInvoiceTransmitWorkflow',
  workflowId: (key) => jobId('e-invoice-transmit', key),
  rerun: 'return-existing',
});

/** The job key and the flow's tracking id of a document. */
export const transmissionKey = (kind: 'invoice' | 'credit_note', documentId: string): string => `${kind}:${documentId}`;

export interface EInvoiceTransmitActivities {
  /** Sends the Factur-X file and records the platform's answer (Déposée or Rejetée, with its reason). */
  transmitEInvoice(input: { payload: EInvoiceTransmitPayload; file: DocumentPdf }): Promise<EInvoiceTransmitResult>;
}

/** Failures no retry heals: the document is gone, the platform refused the request or the credentials. */
export const E_INVOICE_TRANSMIT_NON_RETRYABLE = [
  'document_not_found',
  'validation_failed',
  'platform_refused',
] as const;

/**
 * How every call that sends something to a studio's platform is retried (an invoice, a status,
 * an answer, an e-report): an outage delays, never loses. About two hours of attempts (the
 * interval grows to 5 minutes), then the dead-letter queue, from which a replay sends it.
 */
export const PLATFORM_SEND_OPTIONS = {
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 30,
    nonRetryableErrorTypes: [...E_INVOICE_TRANSMIT_NON_RETRYABLE],
  },
} as const satisfies ActivityOptions;

/**
 * The scheduled pass that reads lifecycle statuses back from each studio's platform (the platform
 * does not call us: no webhook is registered; docs/e-invoicing.md). Every PA_POLL_SECONDS.
 */
export const POLL_PLATFORM_STATUSES = {
  scheduleId: 'e-invoicing:poll-platform-statuses',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'pollPlatformStatusesWorkflow',
  workflowIdPrefix: 'e-invoicing:poll-platform-statuses',
} as const;

export interface PlatformStatusPollActivities {
  /** Reads the flows changed since each studio's oldest open transmission and records their new statuses. */
  pollPlatformStatuses(): Promise<{ studios: number; statuses: number }>;
}

export interface EInvoiceCashedPayload extends Record<string, unknown> {
  /** The ledger row (kind 'payment'): the job's key. */
  paymentId: string;
  ownerId: string;
}

/**
 * The cashed status (Encaissée) of a payment on a transmitted services invoice, sent to the
 * platform as a lifecycle flow on the invoice's flow (issue 32 §2: VAT on receipts, the default for
 * services). Started by the outbox relay from PAYMENT_RECEIVED, keyed by the payment; none for a
 * studio that opted for VAT on debits.
 */
export const E_INVOICE_CASHED_JOB = defineJob<EInvoiceCashedPayload>({
  jobName: 'e-invoicing.cashed',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'eInvoiceCashedWorkflow',
  workflowId: (paymentId) => jobId('e-invoice-cashed', paymentId),
  rerun: 'return-existing',
});

export interface EInvoiceCashedActivities {
  /** Sends Encaissée with the payment's date and amount, once per payment; answers what was done. */
  sendCashedStatus(payload: EInvoiceCashedPayload): Promise<{ outcome: 'sent' | 'found' | 'not_sent'; why?: string }>;
}

/**
 * The scheduled pass that reads the purchase invoices each studio's platform delivered (issue 32
 * §3) into purchase invoices, every PA_POLL_SECONDS like the status poll.
 */
export const RECEIVE_PURCHASE_INVOICES = {
  scheduleId: 'e-invoicing:receive-supplier-invoices',
  taskQueue: TASK_QUEUES.maintenance,
  workflowType: 'receiveSupplierInvoicesWorkflow',
  workflowIdPrefix: 'e-invoicing:receive-supplier-invoices',
} as const;

export interface PurchaseInvoiceInboxActivities {
  /** Reads each connected studio's new incoming flows; answers how many studios were read and flows handled. */
  receiveSupplierInvoices(): Promise<{ studios: number; received: number; unreadable: number }>;
}

export interface PurchaseAnswerPayload extends Record<string, unknown> {
  /** The answer (purchase_invoice_answers row): the job's key. */
  answerId: string;
  ownerId: string;
}

/**
 * The studio's answer to a purchase invoice its platform delivered (Approuvée, En litige, Refusée
 * with its reason), sent back as a lifecycle flow on the incoming flow (issue 32 §3). Keyed by the
 * answer; the flow's tracking id `answer:<id>` lets a retry find what an earlier attempt sent.
 */
export const PURCHASE_ANSWER_JOB = defineJob<PurchaseAnswerPayload>({
  jobName: 'e-invoicing.answer',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'purchaseAnswerWorkflow',
  workflowId: (answerId) => jobId('purchase-answer', answerId),
  rerun: 'return-existing',
});

export interface PurchaseAnswerActivities {
  sendPurchaseAnswer(payload: PurchaseAnswerPayload): Promise<{ outcome: 'sent' | 'found' | 'already' }>;
}
