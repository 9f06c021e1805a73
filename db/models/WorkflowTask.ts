import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { EmailTemplate } from './EmailTemplate';
import { SmsTemplate } from './SmsTemplate';
import { Workflow } from './Workflow';
import { WorkflowTaskAction } from './WorkflowTaskAction';
import { type WorkflowTaskType } from '../../domain/workflows/task-types';
import { type TaskTiming } from '../../domain/workflows/task-timing';

/**
 * One step of a workflow, run for a session `delay_days` after the workflow is applied.
 * SMS text resolution (spec): sms_template_id, then actions[0].config.message, action,
 * description, then a system fallback.
 */
@Table({ tableName: 'workflow_tasks' })
export class WorkflowTask extends IdModel {
  @ForeignKey(() => Workflow)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_id: string;

  /** Set on seeded tasks so the seed can find them again; unique within the workflow. */
  @Column({ type: DataType.STRING(100) })
  declare business_key: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  /** Free text: the message of an SMS task, or what to do for a manual one. */
  @Column({ type: DataType.TEXT })
  declare action: string | null;

  @Default('MANUAL')
  @Column({ type: DataType.STRING(30), allowNull: false })
  declare task_type: WorkflowTaskType;

  @ForeignKey(() => SmsTemplate)
  @Column({ type: DataType.UUID })
  declare sms_template_id: string | null;

  @ForeignKey(() => EmailTemplate)
  @Column({ type: DataType.UUID })
  declare email_template_id: string | null;

  /** Days after the workflow is applied to the session (0 to 3650). */
  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare delay_days: number;

  /** When the task runs: at once, after the workflow is applied, or before/after the session's start. */
  @Default('IMMEDIATE')
  @Column({ type: DataType.STRING(30), allowNull: false })
  declare timing: TaskTiming;

  /** The offset of `timing`, in minutes (0 for IMMEDIATE). */
  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare offset_minutes: number;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  // Associations

  @BelongsTo(() => Workflow, 'workflow_id')
  declare workflow?: Workflow;

  @BelongsTo(() => SmsTemplate, 'sms_template_id')
  declare sms_template?: SmsTemplate | null;

  @BelongsTo(() => EmailTemplate, 'email_template_id')
  declare email_template?: EmailTemplate | null;

  @HasMany(() => WorkflowTaskAction, 'workflow_task_id')
  declare actions?: WorkflowTaskAction[];
}
