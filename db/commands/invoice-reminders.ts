import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type ReminderBehind } from '../../domain/invoicing/reminder-decision';
import { type StoredReminderStep } from '../../domain/invoicing/stored-reminder-steps';

/** Saves a studio's reminder steps (checked by the caller against the reminder rules). */
export async function saveReminderSettings(
  sequelize: Sequelize,
  ownerId: string,
  steps: StoredReminderStep[],
): Promise<{ steps: StoredReminderStep[]; updated_at: Date }> {
  const [row] = await sequelize.query<{ steps: StoredReminderStep[]; updated_at: Date }>(
    `INSERT INTO reminder_settings (owner_id, steps) VALUES ($1, $2::jsonb)
     ON CONFLICT (owner_id) DO UPDATE SET steps = EXCLUDED.steps, updated_at = now()
     RETURNING steps, updated_at`,
    { bind: [ownerId, JSON.stringify(steps)], type: QueryTypes.SELECT },
  );
  return row;
}

export type ReminderControl = 'ACTIVE' | 'PAUSED' | 'STOPPED';

/**
 * Pauses, resumes or stops one invoice's reminders; no date of the invoice changes (it is not
 * touched at all). A stop is for good: resuming or pausing a stopped invoice is a conflict.
 */
export async function setInvoiceReminderControl(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  control: ReminderControl,
): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const [invoice] = await sequelize.query<{ control: string | null }>(
      `SELECT rc.status AS control FROM invoices i LEFT JOIN invoice_reminder_controls rc ON rc.invoice_id = i.id WHERE i.id = $1 AND i.owner_id = $2 FOR UPDATE OF i`,
      { bind: [invoiceId, ownerId], type: QueryTypes.SELECT, transaction },
    );
    if (!invoice) throw new NotFoundError('Invoice');
    if (invoice.control === 'STOPPED' && control !== 'STOPPED')
      throw new ConflictError(
        'reminders_stopped',
        "This invoice's reminders were stopped for good; they cannot be paused or resumed",
      );
    if (control === 'ACTIVE')
      await sequelize.query(`DELETE FROM invoice_reminder_controls WHERE invoice_id = $1`, {
        bind: [invoiceId],
        transaction,
      });
    else
      await sequelize.query(
        `INSERT INTO invoice_reminder_controls (invoice_id, owner_id, status) VALUES ($1, $2, $3)
         ON CONFLICT (invoice_id) DO UPDATE SET status = EXCLUDED.status, changed_at = now()`,
        { bind: [invoiceId, ownerId, control], transaction },
      );
  });
}

/** Pauses or resumes the reminders of every invoice of one client. */
export async function setContactRemindersPaused(
  sequelize: Sequelize,
  ownerId: string,
  contactId: string,
  paused: boolean,
): Promise<void> {
  const rows = await sequelize.query(
    `UPDATE contacts SET reminders_paused = $3, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING id`,
    { bind: [contactId, ownerId, paused], type: QueryTypes.SELECT },
  );
  if (rows.length === 0) throw new NotFoundError('Contact');
}

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
