import { type WorkflowTriggerExecutionRow, type WorkflowTriggerRow } from '../../db/rows';
import { EVENT_ENTITY } from '../../domain/workflow-triggers/fields';

export function presentTrigger(trigger: WorkflowTriggerRow) {
  const entity = EVENT_ENTITY[trigger.trigger_event];
  return {
    id: trigger.id,
    workflow_id: trigger.workflow_id,
    name: trigger.name,
    trigger_event: trigger.trigger_event,
    conditions: trigger.conditions,
    is_active: trigger.is_active,
    execution_order: trigger.execution_order,
    schedule_config: trigger.schedule_config,
    /** SCHEDULED runs through its Temporal Schedule; FORM_SUBMITTED is evaluated on the contact (docs/workflow-triggers.md). */
    evaluated: entity !== null || trigger.trigger_event === 'SCHEDULED',
    created_at: trigger.created_at.toISOString(),
    updated_at: trigger.updated_at.toISOString(),
  };
}

export function presentExecution(execution: WorkflowTriggerExecutionRow) {
  return {
    id: execution.id,
    trigger_id: execution.trigger_id,
    entity_type: execution.entity_type,
    entity_id: execution.entity_id,
    event_type: execution.event_type,
    status: execution.status,
    error_message: execution.error_message,
    job_run_id: execution.job_run_id,
    created_at: execution.created_at.toISOString(),
    finished_at: execution.finished_at?.toISOString() ?? null,
  };
}
