import { BelongsTo, Column, DataType, Default, ForeignKey } from 'sequelize-typescript';
import { IdModel } from './IdModel';
import { JobRun } from '../JobRun';
import { Automation } from '../Automation';
import { AutomationTask } from '../AutomationTask';
import { type TaskRunMetadata } from '../../../domain/automations/task-run-metadata';
import { type TaskRunStatus } from '../../../domain/automations/statuses';

export type { TaskRunMetadata };

/**
 * The history of one automation task in one run (`session_workflow_task_runs`,
 * `entity_workflow_task_runs`: the same columns but what the run is for). The concrete models add
 * the session, or the contact, quote or invoice and the trigger.
 */
export abstract class AutomationTaskRunModel extends IdModel {
  @ForeignKey(() => Automation)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_id: string;

  @ForeignKey(() => AutomationTask)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_task_id: string;

  @Default('PENDING')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: TaskRunStatus;

  @Column({ type: DataType.DATE })
  declare scheduled_at: Date | null;

  @Column({ type: DataType.DATE })
  declare started_at: Date | null;

  @Column({ type: DataType.DATE })
  declare finished_at: Date | null;

  /** Why the task failed or was skipped. */
  @Column({ type: DataType.TEXT })
  declare error: string | null;

  @Default({})
  @Column({ type: DataType.JSONB, allowNull: false })
  declare metadata: TaskRunMetadata;

  @ForeignKey(() => JobRun)
  @Column({ type: DataType.UUID })
  declare job_run_id: string | null;

  // Associations

  @BelongsTo(() => Automation, 'workflow_id')
  declare workflow?: Automation;

  @BelongsTo(() => AutomationTask, 'workflow_task_id')
  declare workflow_task?: AutomationTask;
}
