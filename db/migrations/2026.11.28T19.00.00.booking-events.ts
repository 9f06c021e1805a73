import { type Migration, runSql } from '../migrator';

const EVENTS_BEFORE = `'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED',
  'QUOTE_VIEWED', 'QUOTE_SIGNED', 'QUOTE_DECLINED', 'INVOICE_VIEWED', 'CHECKOUT_STARTED', 'SESSION_ASSIGNED'`;
const BOOKING_EVENTS = `'BOOKING_CREATED', 'BOOKING_CONFIRMED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED'`;

/** The three event columns' checks, with or without the booking events. */
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
 * Issue 45 §4: a booking's events for automations (docs/booking.md, "Automations"): BOOKING_CREATED
 * (about the client's contact, matched or created when they book, even if they never pay),
 * BOOKING_CONFIRMED and BOOKING_RESCHEDULED (about the session it made) and BOOKING_CANCELLED (about the contact),
 * each with the booking's own fields (`booking.*`).
 */
export const up: Migration['up'] = ({ context }) => runSql(context, eventChecks(`${EVENTS_BEFORE}, ${BOOKING_EVENTS}`));

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DELETE FROM workflow_trigger_executions WHERE event_type IN (${BOOKING_EVENTS});
DELETE FROM workflow_triggers WHERE trigger_event IN (${BOOKING_EVENTS});
DELETE FROM outbox_events WHERE event_type IN (${BOOKING_EVENTS});
${eventChecks(EVENTS_BEFORE)}`,
  );
