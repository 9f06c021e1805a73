import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { AutomationTask } from './AutomationTask';
import { type AutomationTaskType } from '../../domain/automations/task-types';

/** What an action may configure; keys are optional and read by the task runner. */
export interface AutomationTaskActionConfig {
  /** SMS text used when the task has no sms_template_id. */
  message?: string;
  /** Email template for AUTOMATIC_EMAIL and SEND_SESSION_INFO_INVITE (spec: optional). */
  email_template_id?: string;
  /** Business key of a system or user template, resolved in the user's locale. */
  sms_template_business_key?: string;
  email_template_business_key?: string;
  [key: string]: unknown;
}

/**
 * A configured side effect of an automation task; action_type takes the task types' values.
 * The first action's config (display_order) is what the task runner reads.
 */
@Table({ tableName: 'workflow_task_actions' })
export class AutomationTaskAction extends IdModel {
  @ForeignKey(() => AutomationTask)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_task_id: string;

  @Column({ type: DataType.STRING(30), allowNull: false })
  declare action_type: AutomationTaskType;

  @Default({})
  @Column({ type: DataType.JSONB, allowNull: false })
  declare config: AutomationTaskActionConfig;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  // Associations

  @BelongsTo(() => AutomationTask, 'workflow_task_id')
  declare workflow_task?: AutomationTask;
}
