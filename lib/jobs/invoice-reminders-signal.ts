import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { type Logger } from 'pino';
import { INVOICE_REMINDERS_CHANGED_SIGNAL, INVOICE_REMINDERS_JOB } from '../../workflows/invoicing/contract';

/** Signals in flight at once when many invoices are woken together. */
const SIGNALS_IN_FLIGHT = 16;

/**
 * Wakes the reminder workflows of these invoices: something their reminders depend on changed (a
 * payment, a credit note, a pause or resume, the session's date, the studio's steps). A workflow
 * that has ended, or never started (an invoice issued before reminders existed), is not an error:
 * every reminder is decided afresh from the database before it is sent. For the same reason a
 * signal that cannot be delivered (Temporal down) is only logged: the workflow sees the change
 * when its timer wakes it, before it sends anything.
 */
export async function signalInvoiceReminders(
  temporal: Client,
  invoiceIds: readonly string[],
  logger: Logger,
): Promise<void> {
  const signal = async (invoiceId: string) => {
    try {
      await temporal.workflow
        .getHandle(INVOICE_REMINDERS_JOB.workflowId(invoiceId))
        .signal(INVOICE_REMINDERS_CHANGED_SIGNAL);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError))
        logger.warn(
          { invoiceId, err: (err as Error).message },
          'invoice reminders not woken; they see the change at their next timer',
        );
    }
  };
  // New steps wake every owed invoice of the studio: a few signals in flight at once, not one
  // round trip after another, and never hundreds at once against the Temporal frontend.
  for (let i = 0; i < invoiceIds.length; i += SIGNALS_IN_FLIGHT)
    await Promise.all(invoiceIds.slice(i, i + SIGNALS_IN_FLIGHT).map(signal));
}
