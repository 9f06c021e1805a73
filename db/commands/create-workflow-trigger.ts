import { type Sequelize } from 'sequelize-typescript';
import { type DomainEventType } from '../../domain/events/domain-event';
import { WorkflowTrigger } from '../models/WorkflowTrigger';
import { type WorkflowTriggerRow } from '../rows';
import { assertSameWorkflow, checkedConditionsAndSchedule, type TriggerProps } from './workflow-triggers';

/** Creates a trigger on the owner's workflow (checked by the caller); conditions are checked against the event's entity. */
export function createTrigger(
  _sequelize: Sequelize,
  ownerId: string,
  automationId: string,
  props: TriggerProps & { name: string; trigger_event: DomainEventType; is_active: boolean; execution_order: number },
): Promise<WorkflowTriggerRow> {
  assertSameWorkflow(props.workflow_id, automationId);
  const { conditions, schedule_config } = checkedConditionsAndSchedule(
    props.trigger_event,
    props.conditions,
    props.schedule_config ?? null,
  );
  return WorkflowTrigger.create({
    workflow_id: automationId,
    owner_id: ownerId,
    name: props.name,
    trigger_event: props.trigger_event,
    conditions,
    is_active: props.is_active,
    execution_order: props.execution_order,
    schedule_config,
  });
}
