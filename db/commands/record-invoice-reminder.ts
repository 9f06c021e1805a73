import { type Sequelize } from 'sequelize-typescript';
import { type ReminderBehind } from '../../domain/invoicing/reminder-decision';

export interface ReminderRecord extends ReminderBehind {
  ownerId: string;
  invoiceId: string;
  scheduledDate: string;
  channels: string[];
  status: 'SENT' | 'FAILED';
  smsStatus: 'SENT' | 'FAILED' | 'NO_PHONE' | null;
  error: string | null;
  /** The email as email_tracking keeps it (the reminder's key is its idempotency key). */
  email: { recipient: string; subject: string; messageId: string | null; key: string; jobRunId: string };
}

/**
 * Records one reminder and its email in one transaction, once: a retried activity that sent
 * again finds both rows there and adds nothing.
 */
export async function recordInvoiceReminder(sequelize: Sequelize, r: ReminderRecord): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    await sequelize.query(
      `INSERT INTO email_tracking (owner_id, entity_type, entity_id, recipient, subject, template_key, message_id, status, error, idempotency_key, job_run_id, sent_at)
       VALUES ($1, 'INVOICE', $2, $3, $4, 'invoice-reminder', $5, $6::varchar, $7, $8, $9, CASE WHEN $6::varchar = 'SENT' THEN now() END)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      {
        bind: [
          r.ownerId,
          r.invoiceId,
          r.email.recipient.slice(0, 255),
          r.email.subject.slice(0, 500),
          r.email.messageId,
          r.status,
          r.error,
          r.email.key,
          r.email.jobRunId,
        ],
        transaction,
      },
    );
    await sequelize.query(
      `INSERT INTO invoice_reminders (owner_id, invoice_id, due_date, step_index, occurrence, scheduled_date, channels, status, email_tracking_id, sms_status, error)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, e.id, $9, $10 FROM email_tracking e WHERE e.idempotency_key = $11
       ON CONFLICT ON CONSTRAINT invoice_reminders_once DO NOTHING`,
      {
        bind: [
          r.ownerId,
          r.invoiceId,
          r.dueDate,
          r.stepIndex,
          r.occurrence,
          r.scheduledDate,
          r.channels,
          r.status,
          r.smsStatus,
          r.error,
          r.email.key,
        ],
        transaction,
      },
    );
  });
}
