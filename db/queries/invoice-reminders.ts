import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import {
  CARD_PAYMENT_HOLD_MS,
  decideReminder,
  invoiceReminderFacts,
  type ReminderBehind,
  type ReminderDecision,
  type ReminderInvoice,
} from '../../domain/invoicing/reminder-decision';
import { type StoredReminderStep } from '../../domain/invoicing/stored-reminder-steps';

/** One invoice with everything its next reminder depends on (the owner's only). */
export interface ReminderFactsRow extends ReminderInvoice {
  id: string;
  owner_id: string;
  number: string | null;
  /** ISO 4217 code of its amounts. */
  currency: string;
  contact_id: string | null;
  contact_first_name: string | null;
  contact_phone: string | null;
  contact_locale: UserLocale | null;
  /** Where a phone number without its country code is read (domain/sms/sms-number.ts). */
  contact_country: string | null;
  studio_country: string | null;
  studio_locale: string;
}

export async function findReminderFacts(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  pendingSince: Date,
): Promise<ReminderFactsRow | null> {
  const [row] = await sequelize.query<ReminderFactsRow>(
    `SELECT i.id, i.owner_id, i.status, i.number, i.amount, i.currency, i.amount_paid, i.balance_due, i.due_date::text AS due_date, i.payment_schedule, i.created_at, i.issued_at,
            s.start_date AS session_start,
            c.id AS contact_id, c.first_name AS contact_first_name, c.email AS contact_email, c.phone_number AS contact_phone, c.locale AS contact_locale, c.country AS contact_country, uc.company_country AS studio_country, u.locale AS studio_locale,
            COALESCE(c.time_zone, u.time_zone) AS time_zone, u.time_zone AS studio_time_zone, COALESCE(c.reminders_paused, false) AS client_paused,
            rc.status AS control, COALESCE(rs.steps, '[]'::jsonb) AS steps,
            EXISTS (SELECT 1 FROM cardprovider_payments p WHERE p.invoice_id = i.id AND p.status NOT IN ('succeeded', 'failed', 'canceled') AND p.created_at > $3) AS card_pending
       FROM invoices i
       JOIN organizations u ON u.id = i.owner_id
       LEFT JOIN user_company uc ON uc.user_id = i.owner_id
       LEFT JOIN sessions s ON s.id = i.session_id AND s.owner_id = i.owner_id
       LEFT JOIN contacts c ON c.id = i.contact_id AND c.owner_id = i.owner_id
       LEFT JOIN invoice_reminder_controls rc ON rc.invoice_id = i.id
       LEFT JOIN reminder_settings rs ON rs.owner_id = i.owner_id
      WHERE i.id = $1 AND i.owner_id = $2`,
    { bind: [invoiceId, ownerId, pendingSince], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** The reminders behind an invoice (sent or failed for good), for the rules' counts. */
export function listRemindersBehind(sequelize: Sequelize, invoiceId: string): Promise<ReminderBehind[]> {
  return sequelize.query<ReminderBehind>(
    `SELECT due_date::text AS "dueDate", step_index AS "stepIndex", occurrence FROM invoice_reminders WHERE invoice_id = $1`,
    { bind: [invoiceId], type: QueryTypes.SELECT },
  );
}

/** A reminder as GET /api/invoices/:id/reminders shows it. */
export interface InvoiceReminderRow {
  id: string;
  due_date: string;
  step_index: number;
  occurrence: number;
  scheduled_date: string;
  channels: string[];
  status: 'SENT' | 'FAILED';
  sms_status: 'SENT' | 'FAILED' | 'NO_PHONE' | null;
  error: string | null;
  sent_at: Date;
  recipient: string | null;
  subject: string | null;
  message_id: string | null;
}

/** What an invoice's reminders sent, oldest first (at most `limit`). */
export function listInvoiceReminders(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  limit = 500,
): Promise<InvoiceReminderRow[]> {
  return sequelize.query<InvoiceReminderRow>(
    `SELECT r.id, r.due_date::text AS due_date, r.step_index, r.occurrence, r.scheduled_date::text AS scheduled_date, r.channels, r.status, r.sms_status, r.error, r.sent_at,
            e.recipient, e.subject, e.message_id
       FROM invoice_reminders r LEFT JOIN email_tracking e ON e.id = r.email_tracking_id
      WHERE r.owner_id = $1 AND r.invoice_id = $2
      ORDER BY r.sent_at, r.id
      LIMIT $3`,
    { bind: [ownerId, invoiceId, limit], type: QueryTypes.SELECT },
  );
}

/** Whether that reminder is behind already (a retried send). */
export async function reminderBehind(sequelize: Sequelize, invoiceId: string, key: ReminderBehind): Promise<boolean> {
  const rows = await sequelize.query(
    `SELECT 1 FROM invoice_reminders WHERE invoice_id = $1 AND due_date = $2 AND step_index = $3 AND occurrence = $4`,
    { bind: [invoiceId, key.dueDate, key.stepIndex, key.occurrence], type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

/** A studio's reminder steps; none when it never set any. */
export async function findReminderSettings(
  sequelize: Sequelize,
  ownerId: string,
): Promise<{ steps: StoredReminderStep[]; updated_at: Date | null }> {
  const [row] = await sequelize.query<{ steps: StoredReminderStep[]; updated_at: Date }>(
    `SELECT steps, updated_at FROM reminder_settings WHERE owner_id = $1`,
    { bind: [ownerId], type: QueryTypes.SELECT },
  );
  return row ?? { steps: [], updated_at: null };
}

/** The studio's issued invoices still owed (of one client, or one session, when given): those whose reminder workflows may be running. */
export async function listOwedInvoiceIds(
  sequelize: Sequelize,
  ownerId: string,
  filter: { contactId?: string; sessionId?: string } = {},
): Promise<string[]> {
  const rows = await sequelize.query<{ id: string }>(
    `SELECT id FROM invoices
      WHERE owner_id = $1 AND status = 'ISSUED' AND balance_due > 0
        AND ($2::uuid IS NULL OR contact_id = $2) AND ($3::uuid IS NULL OR session_id = $3)
      ORDER BY issued_at, id`,
    { bind: [ownerId, filter.contactId ?? null, filter.sessionId ?? null], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.id);
}

/** The reminder decision of one of the owner's invoices at `now` (domain/invoicing/reminder-decision.ts), with the facts it read; an unknown invoice ends. */
export async function findReminderDecision(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
  now: Date,
): Promise<{ decision: ReminderDecision; facts: ReminderFactsRow | null }> {
  const facts = await findReminderFacts(sequelize, ownerId, invoiceId, new Date(now.getTime() - CARD_PAYMENT_HOLD_MS));
  if (!facts) return { decision: { kind: 'end', reason: 'not_issued' }, facts };
  return {
    decision: decideReminder(invoiceReminderFacts(facts, await listRemindersBehind(sequelize, invoiceId)), now),
    facts,
  };
}
