import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { type Logger } from 'pino';
import { INVOICE_REMINDERS_CHANGED_SIGNAL, INVOICE_REMINDERS_JOB } from '../../workflows/invoicing/contract';

/**
 * Wakes the reminder workflows of these invoices: something their reminders depend on changed (a
 * payment, a credit note, a pause or resume, the session's date, the studio's steps). A workflow
 * that has ended, or never started (an invoice issued before reminders existed), is not an error:
 * every reminder is decided afresh from the database before it is sent. For the same reason a
 * signal that cannot be delivered (Temporal down) is only logged: the workflow sees the change
 * when its timer wakes it, before it sends anything.
 */
export async function signalInvoiceReminders(temporal: Client, invoiceIds: readonly string[], logger: Logger): Promise<void> {
  for (const invoiceId of invoiceIds) {
    try {
      await temporal.workflow.getHandle(INVOICE_REMINDERS_JOB.workflowId(invoiceId)).signal(INVOICE_REMINDERS_CHANGED_SIGNAL);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) logger.warn({ invoiceId, err: (err as Error).message }, 'invoice reminders not woken; they see the change at their next timer');
    }
  }
}
