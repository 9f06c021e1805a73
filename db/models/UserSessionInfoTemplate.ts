import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { BaseSessionInfoTemplate } from './BaseSessionInfoTemplate';
import { User } from './User';
import { type UserLocale } from '../../domain/accounts/users';
import { UserSessionInfoTemplateField } from './UserSessionInfoTemplateField';

/**
 * A user's session-info form: a copy of a base template (base_template_id, at most one copy per
 * base template and user) or an independent creation. Sessions point at it.
 */
@Table({ tableName: 'user_session_info_templates' })
export class UserSessionInfoTemplate extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => BaseSessionInfoTemplate)
  @Column({ type: DataType.UUID })
  declare base_template_id: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  /** Copied from the base template; NULL for a template the user wrote. */
  @Column({ type: DataType.STRING(5) })
  declare locale: UserLocale | null;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  /** The one copy of its base made at registration or by create-defaults (from-base copies are not). */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare is_default_copy: boolean;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => BaseSessionInfoTemplate, 'base_template_id')
  declare base_template?: BaseSessionInfoTemplate | null;

  @HasMany(() => UserSessionInfoTemplateField, 'template_id')
  declare fields?: UserSessionInfoTemplateField[];
}
