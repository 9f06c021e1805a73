import { type Sequelize } from 'sequelize-typescript';
import { findTrigger } from '../queries/workflow-triggers';
import { type WorkflowTriggerRow } from '../rows';
import { assertSameWorkflow, checkedConditionsAndSchedule, type TriggerProps } from './workflow-triggers';

/**
 * Applies a partial update under a row lock; a new event (or a SCHEDULED trigger's new entity)
 * checks the stored conditions again. Answers the saved row and the row as it was before, which
 * lib/jobs/workflow-triggers.ts writes back (`restoreTrigger`) if Temporal then refuses the
 * trigger's schedule: no transaction is open while Temporal is asked.
 */
export async function updateTrigger(
  sequelize: Sequelize,
  ownerId: string,
  automationId: string,
  id: string,
  props: TriggerProps,
): Promise<{ saved: WorkflowTriggerRow; previous: WorkflowTriggerRow }> {
  return sequelize.transaction(async (transaction) => {
    const trigger = await findTrigger(sequelize, ownerId, automationId, id, { transaction, lock: true });
    assertSameWorkflow(props.workflow_id, automationId);
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
