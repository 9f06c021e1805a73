import {
  condition,
  continueAsNew,
  defineSignal,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { type JobInput, TASK_QUEUES } from '../job-run/contract';
import {
  type DocumentPdfActivities,
  INVOICE_REMINDERS_CHANGED_SIGNAL,
  type InvoiceRemindersActivities,
  type InvoiceRemindersPayload,
  type InvoiceRemindersSummary,
} from './contract';

/** Well under Temporal's limits, and replay of one run stays quick. */
const MAX_HISTORY_EVENTS = 2_000;

export const invoiceRemindersChanged = defineSignal(INVOICE_REMINDERS_CHANGED_SIGNAL);

const { planInvoiceReminder } = proxyActivities<InvoiceRemindersActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});
// SMTP and SMS hiccups are retried; past the last attempt the activity records the failure itself.
const { sendInvoiceReminder } = proxyActivities<InvoiceRemindersActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});
// The invoice's kept pdf, which the reminder links to: rendered once at issue, answered after.
const { renderDocumentPdf } = proxyActivities<DocumentPdfActivities>({
  taskQueue: TASK_QUEUES.documents,
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/**
 * An issued invoice's reminders (docs/payment-schedules.md): ask the activity what is next at the
 * workflow's clock, sleep on a durable timer until then (or until signalled), send, ask again.
 * Every decision reads the database afresh, so a signal only wakes it sooner: a payment, pause or
 * move that came without one is still seen before anything is sent.
 */
export async function invoiceRemindersWorkflow(
  input: JobInput<InvoiceRemindersPayload>,
): Promise<InvoiceRemindersSummary> {
  const { invoiceId, ownerId } = input.payload;
  let changed = false;
  setHandler(invoiceRemindersChanged, () => {
    changed = true;
  });
  let sent = input.payload.sentBefore ?? 0;
  let pdfKey: string | null = null;
  for (;;) {
    // Months of holds and wakes: the history starts afresh before it grows large.
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > MAX_HISTORY_EVENTS) {
      await continueAsNew<typeof invoiceRemindersWorkflow>({
        ...input,
        payload: { ...input.payload, sentBefore: sent },
      });
    }
    changed = false;
    const next = await planInvoiceReminder({ invoiceId, ownerId, now: Date.now() });
    if (next.kind === 'end') return { sent, reason: next.reason };
    const wait = next.kind === 'send' ? next.at - Date.now() : next.recheckAfterMs;
    // Woken by a signal: plan again from what the database says now.
    if (wait > 0 && (await condition(() => changed, wait))) continue;
    if (next.kind !== 'send') continue;
    if (pdfKey === null) pdfKey = (await renderDocumentPdf({ kind: 'invoice', documentId: invoiceId, ownerId })).key;
    const outcome = await sendInvoiceReminder({
      jobRunId: input.jobRunId,
      invoiceId,
      ownerId,
      now: Date.now(),
      pdfKey,
    });
    if (outcome.status === 'sent') sent += 1;
  }
}
