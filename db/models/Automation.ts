import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';
import { AutomationTask } from './AutomationTask';

/**
 * An ordered list of tasks applied to a session (invite, reminders, manual to-dos).
 * owner_id NULL is a system template (is_template, found by business_key); the default session
 * types point at the second generation of those templates.
 */
@Table({ tableName: 'workflows' })
export class Automation extends IdModel {
  /** NULL: a system template. */
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare owner_id: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_template: boolean;

  /** Template generation; the current default session types use generation 2. */
  @Default(2)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare generation: number;

  /** Set on system templates (unique among them), e.g. `wedding-v2`. */
  @Column({ type: DataType.STRING(100) })
  declare business_key: string | null;

  /** The template a user's automation was copied from, if any. */
  @ForeignKey(() => Automation)
  @Column({ type: DataType.UUID })
  declare source_workflow_id: string | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User | null;

  @BelongsTo(() => Automation, 'source_workflow_id')
  declare source_workflow?: Automation | null;

  @HasMany(() => AutomationTask, 'workflow_id')
  declare tasks?: AutomationTask[];
}
