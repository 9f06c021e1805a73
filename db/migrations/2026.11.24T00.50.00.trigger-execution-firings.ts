import { type Migration, runSql } from '../migrator';

/**
 * A SCHEDULED trigger runs for the same entity at every firing (issue 21 §3): its executions are
 * unique per trigger, entity and firing. Event-driven executions keep firing_id '' (not NULL, so
 * the unique constraint still makes them once per trigger and entity).
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
ALTER TABLE workflow_trigger_executions ADD COLUMN firing_id varchar(200) NOT NULL DEFAULT '';
ALTER TABLE workflow_trigger_executions DROP CONSTRAINT workflow_trigger_executions_once;
ALTER TABLE workflow_trigger_executions ADD CONSTRAINT workflow_trigger_executions_once UNIQUE (trigger_id, entity_type, entity_id, firing_id);
`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `
DELETE FROM workflow_trigger_executions WHERE firing_id <> '';
ALTER TABLE workflow_trigger_executions DROP CONSTRAINT workflow_trigger_executions_once;
ALTER TABLE workflow_trigger_executions ADD CONSTRAINT workflow_trigger_executions_once UNIQUE (trigger_id, entity_type, entity_id);
ALTER TABLE workflow_trigger_executions DROP COLUMN firing_id;
`,
  );
