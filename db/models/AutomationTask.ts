import { type AssignmentRole } from '../../domain/teams/assignments';
import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { EmailTemplate } from './EmailTemplate';
import { SmsTemplate } from './SmsTemplate';
import { Automation } from './Automation';
import { AutomationTaskAction } from './AutomationTaskAction';
import { type AutomationTaskType } from '../../domain/automations/task-types';
import { type TaskTiming } from '../../domain/automations/task-timing';

/**
 * One step of an automation, run for a session `delay_days` after the automation is applied.
 * SMS text resolution (spec): sms_template_id, then actions[0].config.message, action,
 * description, then a system fallback.
 */
@Table({ tableName: 'workflow_tasks' })
export class AutomationTask extends IdModel {
  @ForeignKey(() => Automation)
  @Column({ type: DataType.UUID, allowNull: false })
  declare workflow_id: string;

  /** Set on seeded tasks so the seed can find them again; unique within the automation. */
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
  declare task_type: AutomationTaskType;

  @ForeignKey(() => SmsTemplate)
  @Column({ type: DataType.UUID })
  declare sms_template_id: string | null;

  @ForeignKey(() => EmailTemplate)
  @Column({ type: DataType.UUID })
  declare email_template_id: string | null;

  /**
   * Whom a session's message goes to: null, the client (the session's contact); a role on the
   * session (lead, second_shooter, assistant), the members assigned in it (issue 44 §2).
   */
  @Column({ type: DataType.STRING(20) })
  declare assignment_role: AssignmentRole | null;

  /** Days after the automation is applied to the session (0 to 3650). */
  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare delay_days: number;

  /** When the task runs: at once, after the automation is applied, or before/after the session's start. */
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

  @BelongsTo(() => Automation, 'workflow_id')
  declare workflow?: Automation;

  @BelongsTo(() => SmsTemplate, 'sms_template_id')
  declare sms_template?: SmsTemplate | null;

  @BelongsTo(() => EmailTemplate, 'email_template_id')
  declare email_template?: EmailTemplate | null;

  @HasMany(() => AutomationTaskAction, 'workflow_task_id')
  declare actions?: AutomationTaskAction[];
}
