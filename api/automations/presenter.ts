import { type EntityAutomationTaskRunRow, type SessionAutomationTaskRunRow, type AutomationRow } from '../../db/rows';

/** A workflow with its tasks and their actions, in display order. */
export function presentAutomation(workflow: AutomationRow) {
  const tasks = [...(workflow.tasks ?? [])].sort((a, b) => a.display_order - b.display_order);
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    source_workflow_id: workflow.source_workflow_id,
    created_at: workflow.created_at.toISOString(),
    updated_at: workflow.updated_at.toISOString(),
    tasks: tasks.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      action: t.action,
      task_type: t.task_type,
      sms_template_id: t.sms_template_id,
      email_template_id: t.email_template_id,
      timing: t.timing,
      offset_minutes: t.offset_minutes,
      delay_days: t.delay_days,
      display_order: t.display_order,
      actions: [...(t.actions ?? [])]
        .sort((a, b) => a.display_order - b.display_order)
        .map((a) => ({ id: a.id, action_type: a.action_type, config: a.config, display_order: a.display_order })),
    })),
  };
}

/**
 * A task run as the studio app shows it, whatever the workflow ran for (a session, a contact, a
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
