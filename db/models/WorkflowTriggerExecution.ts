import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { type DomainEntityType, type DomainEventType } from '../../domain/events/domain-event';
import { JobRun } from './JobRun';
import { WorkflowTrigger } from './WorkflowTrigger';
import { type TriggerExecutionStatus } from '../../domain/automations/statuses';

/**
 * The outcome of one trigger for one entity. Unique per (trigger_id, entity_type, entity_id,
 * firing_id): a duplicate event finds the row instead of running the workflow again; a SCHEDULED
 * trigger's firing has its id (event-driven rows keep ''). FAILED carries
 * error_message; SKIPPED is a non-session entity (evaluated, recorded, not run).
 */
@Table({ tableName: 'workflow_trigger_executions' })
export class WorkflowTriggerExecution extends IdModel {
  @ForeignKey(() => WorkflowTrigger)
  @Column({ type: DataType.UUID, allowNull: false })
  declare trigger_id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(20), allowNull: false })
  declare entity_type: DomainEntityType;

  @Column({ type: DataType.UUID, allowNull: false })
  declare entity_id: string;

  @Column({ type: DataType.STRING(50), allowNull: false })
  declare event_type: DomainEventType;

  @Default('RUNNING')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: TriggerExecutionStatus;

  @Column({ type: DataType.TEXT })
  declare error_message: string | null;

  @ForeignKey(() => JobRun)
  @Column({ type: DataType.UUID })
  declare job_run_id: string | null;

  @Column({ type: DataType.DATE })
  declare finished_at: Date | null;

  /** The SCHEDULED trigger's firing (its job run id); '' for an event's execution. */
  @Default('')
  @Column({ type: DataType.STRING(200), allowNull: false })
  declare firing_id: string;

  // Associations

  @BelongsTo(() => WorkflowTrigger, 'trigger_id')
  declare trigger?: WorkflowTrigger;

  @BelongsTo(() => JobRun, 'job_run_id')
  declare job_run?: JobRun | null;
}
