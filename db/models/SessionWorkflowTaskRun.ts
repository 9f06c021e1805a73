import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { JobRun } from './JobRun';
import { Session } from './Session';
import { Workflow } from './Workflow';
import { WorkflowTask } from './WorkflowTask';
import { type TaskRunStatus } from '../../domain/workflows/statuses';

/** What the spec asks a task run to remember (SMS tasks), plus anything else the runner adds. */
export interface TaskRunMetadata {
  provider?: string;
  sms_template_id?: string | null;
  message_source?: string;
  recipient_phone?: string;
  workflow_id?: string;
  workflow_task_id?: string;
  session_id?: string;
  [key: string]: unknown;
}

/** The history of one workflow task for one session (unique per session and task). */
@Table({ tableName: 'session_workflow_task_runs' })
export class SessionWorkflowTaskRun extends IdModel {
  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID, allowNull: false })
  declare session_id: string;

  @ForeignKey(() => Workflow)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_id: string;

  @ForeignKey(() => WorkflowTask)
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

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session;

  @BelongsTo(() => Workflow, 'workflow_id')
  declare workflow?: Workflow;

  @BelongsTo(() => WorkflowTask, 'workflow_task_id')
  declare workflow_task?: WorkflowTask;
}
