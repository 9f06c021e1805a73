import { type Sequelize } from 'sequelize-typescript';
import { WorkflowTrigger } from '../models/WorkflowTrigger';
import { type WorkflowTriggerRow } from '../rows';

/** Writes back a trigger's settings as they were before an update whose schedule Temporal refused. */
export async function restoreTrigger(_sequelize: Sequelize, previous: WorkflowTriggerRow): Promise<void> {
  const { name, trigger_event, conditions, is_active, execution_order, schedule_config } = previous;
  await WorkflowTrigger.update(
    { name, trigger_event, conditions, is_active, execution_order, schedule_config },
    { where: { id: previous.id } },
  );
}
