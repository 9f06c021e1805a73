import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';
import { Automation } from './Automation';

/**
 * A kind of shoot a studio sells (wedding, portrait...) with its duration, price and default
 * workflow. owner_id NULL is a system default type (seeded, found by business_key).
 */
@Table({ tableName: 'user_session_types' })
export class UserSessionType extends IdModel {
  /** NULL: a system default type. */
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare owner_id: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.INTEGER })
  declare duration_minutes: number | null;

  /** Price with tax, e.g. "1800.00". */
  @Default('0.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare price: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false })
  declare vat_percentage: string;

  @ForeignKey(() => Automation)
  @Column({ type: DataType.UUID })
  declare default_workflow_id: string | null;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  /** The questionnaire a session of this type gets when it has none (one of the owner's templates). */
  @Column({ type: DataType.UUID })
  declare default_session_info_template_id: string | null;

  /** Required on system rows (unique among them); on a user's row, the system type it copies. */
  @Column({ type: DataType.STRING(100) })
  declare business_key: string | null;

  @Default(true)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_active: boolean;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User | null;

  @BelongsTo(() => Automation, 'default_workflow_id')
  declare default_workflow?: Automation | null;
}
