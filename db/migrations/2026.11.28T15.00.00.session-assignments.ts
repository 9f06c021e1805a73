import { type Migration, runSql } from '../migrator';

const EVENTS_BEFORE = `'SESSION_CREATED', 'SESSION_STATUS_CHANGED', 'CONTACT_CREATED', 'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED', 'PAYMENT_RECEIVED', 'FORM_SUBMITTED', 'SCHEDULED', 'SESSION_INFO_SUBMITTED',
  'QUOTE_VIEWED', 'QUOTE_SIGNED', 'QUOTE_DECLINED', 'INVOICE_VIEWED', 'CHECKOUT_STARTED'`;

/** The three event columns' checks, with or without SESSION_ASSIGNED. */
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
 * Issue 44 §2: the members assigned to a session, each with a role on it (lead, second shooter,
 * assistant): one role per member and session, one lead per session. A member removed from the
 * studio loses their assignments (db/commands/team.ts); a deleted session or account takes its
 * rows. The trigger event SESSION_ASSIGNED, and an automation task's addressee among them.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE TABLE session_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role varchar(20) NOT NULL CHECK (role IN ('lead', 'second_shooter', 'assistant')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, user_id)
);
CREATE UNIQUE INDEX session_assignments_one_lead ON session_assignments (session_id) WHERE role = 'lead';
CREATE INDEX session_assignments_member_idx ON session_assignments (owner_id, user_id, session_id);
ALTER TABLE workflow_tasks ADD COLUMN assignment_role varchar(20)
  CHECK (assignment_role IN ('lead', 'second_shooter', 'assistant'));
${eventChecks(`${EVENTS_BEFORE}, 'SESSION_ASSIGNED'`)}`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DELETE FROM workflow_trigger_executions WHERE event_type = 'SESSION_ASSIGNED';
DELETE FROM workflow_triggers WHERE trigger_event = 'SESSION_ASSIGNED';
DELETE FROM outbox_events WHERE event_type = 'SESSION_ASSIGNED';
${eventChecks(EVENTS_BEFORE)}
ALTER TABLE workflow_tasks DROP COLUMN assignment_role;
DROP TABLE session_assignments;`,
  );
