import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { BaseSessionInfoTemplateField } from './BaseSessionInfoTemplateField';
import { type UserLocale } from '../../domain/accounts/users';
import { UserSessionType } from './UserSessionType';

/**
 * An admin-managed session-info form that every new user gets a copy of. Never deleted (spec);
 * seeded rows are found by (business_key, locale) and left alone once they exist.
 */
@Table({ tableName: 'base_session_info_templates' })
export class BaseSessionInfoTemplate extends IdModel {
  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @ForeignKey(() => UserSessionType)
  @Column({ type: DataType.UUID })
  declare default_session_type_id: string | null;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  @Default('fr-FR')
  @Column({ type: DataType.STRING(5), allowNull: false })
  declare locale: UserLocale;

  /** Set on seeded rows, e.g. `wedding`; unique with the locale. */
  @Column({ type: DataType.STRING(100) })
  declare business_key: string | null;

  // Associations

  @BelongsTo(() => UserSessionType, 'default_session_type_id')
  declare default_session_type?: UserSessionType | null;

  @HasMany(() => BaseSessionInfoTemplateField, 'template_id')
  declare fields?: BaseSessionInfoTemplateField[];
}
