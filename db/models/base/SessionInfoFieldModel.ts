import { Column, DataType, Default } from 'sequelize-typescript';
import { IdModel } from './IdModel';
import { type SessionInfoFieldType } from '../../../domain/session-info/field-types';

/**
 * One question of a session-info template, base (`base_session_info_template_fields`) or a
 * user's copy (`user_session_info_template_fields`): the same columns and CHECKs, only the
 * template they belong to differs, which the concrete models add. options is an array of
 * strings, required and non-empty for SELECT (a database CHECK enforces both).
 */
export abstract class SessionInfoFieldModel extends IdModel {
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
}
