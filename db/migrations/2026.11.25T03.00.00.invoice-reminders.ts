import { type Migration, runSql } from '../migrator';

/**
 * Payment reminders (issue 21 §2):
 * - `reminder_settings`: a studio's steps (domain/invoicing/reminder-plan.ts), with their own
 *   wording per language if the studio wrote one. No row, or no step, means no reminders.
 * - `invoice_reminder_controls`: the studio paused or stopped one invoice's reminders. A row in a
 *   table of its own, so an issued invoice (immutable) is never touched and no date changes.
 * - `contacts.reminders_paused`: every invoice of that client paused; `contacts.time_zone`: the
 *   client's clock for quiet hours (NULL follows the studio's users.time_zone).
 * - `invoice_reminders`: each reminder sent (or that failed for good), once per invoice, due date,
 *   step and occurrence; the email itself is in email_tracking.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE reminder_settings (
  owner_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  steps jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(steps) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_reminder_controls (
  invoice_id uuid PRIMARY KEY REFERENCES invoices(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status varchar(10) NOT NULL CHECK (status IN ('PAUSED', 'STOPPED')),
  changed_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE contacts ADD COLUMN reminders_paused boolean NOT NULL DEFAULT false;
ALTER TABLE contacts ADD COLUMN time_zone varchar(64);

CREATE TABLE invoice_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  due_date date NOT NULL,
  step_index smallint NOT NULL CHECK (step_index >= 0),
  occurrence smallint NOT NULL CHECK (occurrence >= 0),
  scheduled_date date NOT NULL,
  channels varchar(10)[] NOT NULL,
  status varchar(10) NOT NULL CHECK (status IN ('SENT', 'FAILED')),
  email_tracking_id uuid REFERENCES email_tracking(id) ON DELETE SET NULL,
  sms_status varchar(10) CHECK (sms_status IN ('SENT', 'FAILED', 'NO_PHONE')),
  error text,
  sent_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoice_reminders_once UNIQUE (invoice_id, due_date, step_index, occurrence)
);
CREATE INDEX invoice_reminders_invoice_idx ON invoice_reminders (invoice_id, sent_at);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DROP TABLE invoice_reminders, invoice_reminder_controls, reminder_settings;
ALTER TABLE contacts DROP COLUMN reminders_paused, DROP COLUMN time_zone;
`,
  );
