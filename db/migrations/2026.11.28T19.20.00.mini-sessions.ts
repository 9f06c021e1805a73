import { type Migration, runSql } from '../migrator';

const EVENTS_BEFORE = `'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED',
  'QUOTE_VIEWED', 'QUOTE_SIGNED', 'QUOTE_DECLINED', 'INVOICE_VIEWED', 'CHECKOUT_STARTED', 'SESSION_ASSIGNED',
  'BOOKING_CREATED', 'BOOKING_CONFIRMED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED'`;

/** The three event columns' checks, with or without WAITLIST_OFFERED. */
const eventChecks = (events: string) => `
ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_event_type_check;
ALTER TABLE outbox_events ADD CONSTRAINT outbox_events_event_type_check
  CHECK (event_type IN (${events}, 'SESSION_RESCHEDULED'));
ALTER TABLE workflow_triggers DROP CONSTRAINT workflow_triggers_trigger_event_check;
ALTER TABLE workflow_triggers ADD CONSTRAINT workflow_triggers_trigger_event_check CHECK (trigger_event IN (${events}));
ALTER TABLE workflow_trigger_executions DROP CONSTRAINT workflow_trigger_executions_event_type_check;
ALTER TABLE workflow_trigger_executions ADD CONSTRAINT workflow_trigger_executions_event_type_check
  CHECK (event_type IN (${events}));
`;

/**
 * Issue 45 §1: mini-session events (docs/booking.md, "Mini sessions"): one day of short slots of a
 * session type with one member, from a start, a slot length, a gap, breaks and a number of spots;
 * its bookings carry the event; a waitlist of the clients who came when it was full, each offered
 * a freed spot (WAITLIST_OFFERED, about their contact; first to book wins).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE mini_session_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  session_type_id uuid NOT NULL REFERENCES user_session_types(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name varchar(255) NOT NULL,
  day date NOT NULL,
  time_zone varchar(64) NOT NULL,
  start_time varchar(5) NOT NULL,
  slot_minutes integer NOT NULL CHECK (slot_minutes BETWEEN 5 AND 240),
  gap_minutes integer NOT NULL DEFAULT 0 CHECK (gap_minutes BETWEEN 0 AND 240),
  breaks jsonb NOT NULL DEFAULT '[]',
  spots integer NOT NULL CHECK (spots BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mini_session_events_studio_idx ON mini_session_events (owner_id, day);
SELECT studio_rls_enable('mini_session_events');
ALTER TABLE bookings ADD COLUMN mini_event_id uuid REFERENCES mini_session_events(id) ON DELETE SET NULL;
CREATE TABLE mini_session_waitlist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES mini_session_events(id) ON DELETE CASCADE,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  email varchar(255) NOT NULL,
  name varchar(255) NOT NULL,
  offered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, email)
);
SELECT studio_rls_enable('mini_session_waitlist');
${eventChecks(`${EVENTS_BEFORE}, 'WAITLIST_OFFERED'`)}`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DELETE FROM workflow_trigger_executions WHERE event_type = 'WAITLIST_OFFERED';
DELETE FROM workflow_triggers WHERE trigger_event = 'WAITLIST_OFFERED';
DELETE FROM outbox_events WHERE event_type = 'WAITLIST_OFFERED';
${eventChecks(EVENTS_BEFORE)}
DROP TABLE mini_session_waitlist;
ALTER TABLE bookings DROP COLUMN mini_event_id;
DROP TABLE mini_session_events;`,
  );
