import { type Migration, runSql } from '../migrator';

/**
 * Workflows run for contacts, quotes and invoices (issue 21 §3): one row per task of one run,
 * as session_workflow_task_runs does for sessions. A run is one trigger on one entity (and one
 * firing, for a SCHEDULED trigger; '' for an event), so its tasks are unique per trigger, entity,
 * firing and task: a retried or redelivered start adds nothing. `contact_id` is who the messages
 * went to (the contact itself, or the quote's or invoice's contact at the time).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE entity_workflow_task_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entity_type varchar(20) NOT NULL CHECK (entity_type IN ('CONTACT', 'QUOTE', 'INVOICE')),
  entity_id uuid NOT NULL,
  contact_id uuid REFERENCES contacts(id) ON DELETE SET NULL,
  trigger_id uuid NOT NULL REFERENCES workflow_triggers(id) ON DELETE CASCADE,
  firing_id varchar(200) NOT NULL DEFAULT '',
  workflow_id uuid NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  workflow_task_id uuid NOT NULL REFERENCES workflow_tasks(id) ON DELETE CASCADE,
  status varchar(10) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'SKIPPED')),
  scheduled_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
  job_run_id uuid REFERENCES job_runs(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT entity_workflow_task_runs_once UNIQUE (trigger_id, entity_type, entity_id, firing_id, workflow_task_id)
);
CREATE INDEX entity_workflow_task_runs_entity_idx ON entity_workflow_task_runs (owner_id, entity_type, entity_id);
CREATE INDEX entity_workflow_task_runs_task_idx ON entity_workflow_task_runs (workflow_task_id);
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'DROP TABLE entity_workflow_task_runs;');
