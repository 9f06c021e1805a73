import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { type DomainEventType } from '../../domain/events/domain-event';
import { validateConditions } from '../../domain/workflow-triggers/conditions';
import { WorkflowTrigger } from '../models/WorkflowTrigger';
import { findTrigger } from '../queries/workflow-triggers';
import { type WorkflowTriggerRow } from '../rows';

export interface TriggerProps {
  name?: string;
  trigger_event?: DomainEventType;
  /** Checked against the event's entity (domain/workflow-triggers/conditions.ts). */
  conditions?: unknown;
  is_active?: boolean;
  execution_order?: number;
  schedule_config?: Record<string, unknown> | null;
  /** Accepted when it is the workflow the trigger belongs to. */
  workflow_id?: string;
}

/** The spec lists workflow_id in the body: it must be the workflow of the path. */
export function assertSameWorkflow(bodyWorkflowId: string | undefined, workflowId: string): void {
  if (bodyWorkflowId && bodyWorkflowId !== workflowId) throw new ValidationError('workflow_id in the body must be the workflow of the path');
}

/** Creates a trigger on the owner's workflow (checked by the caller); conditions are checked against the event's entity. */
export function createTrigger(
  ownerId: string,
  workflowId: string,
  props: TriggerProps & { name: string; trigger_event: DomainEventType; is_active: boolean; execution_order: number },
): Promise<WorkflowTriggerRow> {
  assertSameWorkflow(props.workflow_id, workflowId);
  return WorkflowTrigger.create({
    workflow_id: workflowId,
    owner_id: ownerId,
    name: props.name,
    trigger_event: props.trigger_event,
    conditions: validateConditions(props.conditions, props.trigger_event),
    is_active: props.is_active,
    execution_order: props.execution_order,
    schedule_config: props.schedule_config ?? null,
  });
}

/** Applies a partial update under a row lock; a new event checks the stored conditions again against its entity. */
export async function updateTrigger(sequelize: Sequelize, ownerId: string, workflowId: string, id: string, props: TriggerProps): Promise<WorkflowTriggerRow> {
  return sequelize.transaction(async (transaction) => {
    const trigger = await findTrigger(ownerId, workflowId, id, { transaction, lock: true });
    assertSameWorkflow(props.workflow_id, workflowId);
    const event = props.trigger_event ?? trigger.trigger_event;
    // A new event changes the entity: the stored conditions are checked again against it.
    const conditions = props.conditions !== undefined || props.trigger_event ? validateConditions(props.conditions !== undefined ? props.conditions : trigger.conditions, event) : trigger.conditions;
    trigger.set({
      ...(props.name !== undefined ? { name: props.name } : {}),
      trigger_event: event,
      conditions,
      ...(props.is_active !== undefined ? { is_active: props.is_active } : {}),
      ...(props.execution_order !== undefined ? { execution_order: props.execution_order } : {}),
      ...(props.schedule_config !== undefined ? { schedule_config: props.schedule_config } : {}),
    });
    return trigger.save({ transaction });
  });
}

/** Deletes a trigger of the owner's workflow and its execution history. */
export async function deleteTrigger(ownerId: string, workflowId: string, id: string): Promise<void> {
  await (await findTrigger(ownerId, workflowId, id)).destroy();
}
