import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { BaseSessionInfoTemplate } from './BaseSessionInfoTemplate';
import { type SessionInfoFieldType } from '../../domain/session-info/field-types';

/**
 * One question of a base session-info template. options is an array of strings, required and
 * non-empty for SELECT (a database CHECK enforces both).
 */
@Table({ tableName: 'base_session_info_template_fields' })
export class BaseSessionInfoTemplateField extends IdModel {
  @ForeignKey(() => BaseSessionInfoTemplate)
  @Column({ type: DataType.UUID, allowNull: false })
  declare template_id: string;

  @Column({ type: DataType.STRING(100), allowNull: false })
  declare field_key: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare label: string;

  @Column({ type: DataType.STRING(10), allowNull: false })
  declare field_type: SessionInfoFieldType;

  @Column({ type: DataType.JSONB })
  declare options: string[] | null;

  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_required: boolean;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  // Associations

  @BelongsTo(() => BaseSessionInfoTemplate, 'template_id')
  declare template?: BaseSessionInfoTemplate;
}
