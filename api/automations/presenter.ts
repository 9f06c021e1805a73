import { type AutomationRow, type EntityAutomationTaskRunRow, type SessionAutomationTaskRunRow } from '../../db/rows';
import {
  AUTOMATION_TASK_ACTION_FIELDS,
  AUTOMATION_TASK_FIELDS,
  pickFields,
} from '../../domain/automations/task-fields';

/** An automation with its tasks and their actions, in display order (the spec's workflow). */
export function presentAutomation(automation: AutomationRow) {
  const tasks = [...(automation.tasks ?? [])].sort((a, b) => a.display_order - b.display_order);
  return {
    id: automation.id,
    name: automation.name,
    description: automation.description,
    source_workflow_id: automation.source_workflow_id,
    created_at: automation.created_at.toISOString(),
    updated_at: automation.updated_at.toISOString(),
    tasks: tasks.map((t) => ({
      id: t.id,
      ...pickFields(t, AUTOMATION_TASK_FIELDS),
      delay_days: t.delay_days,
      display_order: t.display_order,
      actions: [...(t.actions ?? [])]
        .sort((a, b) => a.display_order - b.display_order)
        .map((a) => ({ id: a.id, ...pickFields(a, AUTOMATION_TASK_ACTION_FIELDS) })),
    })),
  };
}

/**
 * A task run as the studio app shows it, whatever the automation ran for (a session, a contact, a
 * quote, an invoice): what, when, how it went.
 */
export function presentTaskRun(run: SessionAutomationTaskRunRow | EntityAutomationTaskRunRow) {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    workflow_task_id: run.workflow_task_id,
    task_name: run.workflow_task?.name ?? null,
    task_type: run.workflow_task?.task_type ?? null,
    status: run.status,
    scheduled_at: run.scheduled_at?.toISOString() ?? null,
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
    error: run.error,
    metadata: run.metadata,
  };
}

/** A task run of an automation run for a contact, quote or invoice: the session's fields, and for whom. */
export function presentEntityTaskRun(run: EntityAutomationTaskRunRow) {
  return {
    ...presentTaskRun(run),
    trigger_id: run.trigger_id,
    firing_id: run.firing_id || null,
    entity_type: run.entity_type,
    entity_id: run.entity_id,
    contact_id: run.contact_id,
  };
}
