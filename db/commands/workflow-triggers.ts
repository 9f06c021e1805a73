import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { type DomainEventType } from '../../domain/events/domain-event';
import { validateConditions } from '../../domain/workflow-triggers/conditions';
import { scheduledEntityType, validateScheduleConfig } from '../../domain/workflow-triggers/schedule-config';
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
  if (bodyWorkflowId && bodyWorkflowId !== workflowId)
    throw new ValidationError('workflow_id in the body must be the workflow of the path');
}

/** Creates a trigger on the owner's workflow (checked by the caller); conditions are checked against the event's entity. */
export function createTrigger(
  ownerId: string,
  workflowId: string,
  props: TriggerProps & { name: string; trigger_event: DomainEventType; is_active: boolean; execution_order: number },
): Promise<WorkflowTriggerRow> {
  assertSameWorkflow(props.workflow_id, workflowId);
  const { conditions, schedule_config } = checkedConditionsAndSchedule(
    props.trigger_event,
    props.conditions,
    props.schedule_config ?? null,
  );
  return WorkflowTrigger.create({
    workflow_id: workflowId,
    owner_id: ownerId,
    name: props.name,
    trigger_event: props.trigger_event,
    conditions,
    is_active: props.is_active,
    execution_order: props.execution_order,
    schedule_config,
  });
}

/**
 * A SCHEDULED trigger's schedule_config is checked (domain/workflow-triggers/schedule-config.ts)
 * and its conditions read the config's entity; other triggers keep schedule_config as given.
 */
function checkedConditionsAndSchedule(
  event: DomainEventType,
  conditions: unknown,
  scheduleConfig: Record<string, unknown> | null,
) {
  if (event !== 'SCHEDULED')
    return { conditions: validateConditions(conditions, event), schedule_config: scheduleConfig };
  const config = validateScheduleConfig(scheduleConfig);
  return {
    conditions: validateConditions(conditions, event, scheduledEntityType(config)),
    schedule_config: config as unknown as Record<string, unknown>,
  };
}

/**
 * Applies a partial update under a row lock; a new event (or a SCHEDULED trigger's new entity)
 * checks the stored conditions again. Answers the saved row and the row as it was before, which
 * lib/jobs/workflow-triggers.ts writes back (`restoreTrigger`) if Temporal then refuses the
 * trigger's schedule: no transaction is open while Temporal is asked.
 */
export async function updateTrigger(
  sequelize: Sequelize,
  ownerId: string,
  workflowId: string,
  id: string,
  props: TriggerProps,
): Promise<{ saved: WorkflowTriggerRow; previous: WorkflowTriggerRow }> {
  return sequelize.transaction(async (transaction) => {
    const trigger = await findTrigger(ownerId, workflowId, id, { transaction, lock: true });
    assertSameWorkflow(props.workflow_id, workflowId);
    // A copy: get({ plain: true }) answers the instance's own values, which set() below changes.
    const previous = { ...(trigger.get({ plain: true }) as WorkflowTriggerRow) };
    const event = props.trigger_event ?? trigger.trigger_event;
    const scheduleConfig = props.schedule_config !== undefined ? props.schedule_config : trigger.schedule_config;
    // A new event (or schedule entity) changes the entity: the stored conditions are checked again against it.
    const recheck =
      props.conditions !== undefined ||
      props.trigger_event !== undefined ||
      (event === 'SCHEDULED' && props.schedule_config !== undefined);
    const checked = recheck
      ? checkedConditionsAndSchedule(
          event,
          props.conditions !== undefined ? props.conditions : trigger.conditions,
          scheduleConfig,
        )
      : { conditions: trigger.conditions, schedule_config: scheduleConfig };
    trigger.set({
      ...(props.name !== undefined ? { name: props.name } : {}),
      trigger_event: event,
      conditions: checked.conditions,
      ...(props.is_active !== undefined ? { is_active: props.is_active } : {}),
      ...(props.execution_order !== undefined ? { execution_order: props.execution_order } : {}),
      schedule_config: checked.schedule_config,
    });
    const saved = await trigger.save({ transaction });
    return { saved: saved.get({ plain: true }) as WorkflowTriggerRow, previous };
  });
}

/** Writes back a trigger's settings as they were before an update whose schedule Temporal refused. */
export async function restoreTrigger(previous: WorkflowTriggerRow): Promise<void> {
  const { name, trigger_event, conditions, is_active, execution_order, schedule_config } = previous;
  await WorkflowTrigger.update(
    { name, trigger_event, conditions, is_active, execution_order, schedule_config },
    { where: { id: previous.id } },
  );
}

/** Deletes a trigger of the owner's workflow and its execution history. */
export async function deleteTrigger(ownerId: string, workflowId: string, id: string): Promise<void> {
  await (await findTrigger(ownerId, workflowId, id)).destroy();
}

/** Removes a trigger just created whose schedule Temporal refused (lib/jobs/workflow-triggers.ts). */
export async function discardTrigger(id: string): Promise<void> {
  await WorkflowTrigger.destroy({ where: { id } });
}
