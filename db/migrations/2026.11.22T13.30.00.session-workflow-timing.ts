import { type Migration, runSql } from '../migrator';

/**
 * Session workflows:
 * - a task runs IMMEDIATE(ly), an offset AFTER the workflow is APPLIED, or an offset BEFORE or
 *   AFTER the SESSION's START; `offset_minutes` is that offset. `delay_days` (days after the
 *   workflow is applied) was the only timing so far: it becomes AFTER_APPLIED with its minutes.
 * - the outbox gains SESSION_RESCHEDULED, an internal event (no trigger listens to it): it
 *   carries a session's new start date to the session workflows waiting on it, through the relay,
 *   so a date change made while Temporal is away still reaches them.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE workflow_tasks
  ADD COLUMN timing varchar(30) NOT NULL DEFAULT 'IMMEDIATE'
    CHECK (timing IN ('IMMEDIATE', 'AFTER_APPLIED', 'BEFORE_SESSION_START', 'AFTER_SESSION_START')),
  ADD COLUMN offset_minutes integer NOT NULL DEFAULT 0 CHECK (offset_minutes BETWEEN 0 AND 5256000);
UPDATE workflow_tasks SET timing = 'AFTER_APPLIED', offset_minutes = delay_days * 1440 WHERE delay_days > 0;

ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_event_type_check;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_event_type_check CHECK (event_type IN (
  'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED',
  'SESSION_RESCHEDULED'));
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DELETE FROM outbox_events WHERE event_type = 'SESSION_RESCHEDULED';
ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_event_type_check;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_event_type_check CHECK (event_type IN (
  'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED'));
ALTER TABLE workflow_tasks DROP COLUMN timing, DROP COLUMN offset_minutes;
`,
  );
