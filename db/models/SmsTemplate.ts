import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';
import { type UserLocale } from '../../domain/accounts/users';

/**
 * A text message a workflow task sends. owner_id NULL is a system default (seeded, found by
 * business_key and locale); `create-defaults` copies them to the user with the same key.
 */
@Table({ tableName: 'sms_templates' })
export class SmsTemplate extends IdModel {
  /** NULL: a system template. */
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare owner_id: string | null;

  /** e.g. `session-reminder`; required on system rows, optional on a user's own templates. */
  @Column({ type: DataType.STRING(100) })
  declare business_key: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  /** At most 1600 characters, with `{{path.to.value}}` variables. */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare message: string;

  @Default('fr-FR')
  @Column({ type: DataType.STRING(5), allowNull: false })
  declare locale: UserLocale;

  @Default(true)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_active: boolean;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User | null;
}
