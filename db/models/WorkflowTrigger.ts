import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { type DomainEventType } from '../../domain/events/domain-event';
import { type ConditionGroup } from '../../domain/workflow-triggers/conditions';
import { User } from './User';
import { Automation } from './Automation';
import { WorkflowTriggerExecution } from './WorkflowTriggerExecution';

/**
 * Runs `workflow_id` when `trigger_event` happens to one of the owner's entities and the
 * conditions hold. Only active triggers are evaluated, by execution_order.
 */
@Table({ tableName: 'workflow_triggers' })
export class WorkflowTrigger extends IdModel {
  @ForeignKey(() => Automation)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_id: string;

  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.STRING(50), allowNull: false })
  declare trigger_event: DomainEventType;

  @Default({ operator: 'AND', conditions: [] })
  @Column({ type: DataType.JSONB, allowNull: false })
  declare conditions: ConditionGroup;

  @Default(true)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_active: boolean;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare execution_order: number;

  /** Read by the SCHEDULED event (not evaluated yet). */
  @Column({ type: DataType.JSONB })
  declare schedule_config: Record<string, unknown> | null;

  // Associations

  @BelongsTo(() => Automation, 'workflow_id')
  declare workflow?: Automation;

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @HasMany(() => WorkflowTriggerExecution, 'trigger_id')
  declare executions?: WorkflowTriggerExecution[];
}
