import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { SessionInfoFieldModel } from './base/SessionInfoFieldModel';
import { BaseSessionInfoTemplate } from './BaseSessionInfoTemplate';

/** One question of a base session-info template; its columns are declared in SessionInfoFieldModel. */
@Table({ tableName: 'base_session_info_template_fields' })
export class BaseSessionInfoTemplateField extends SessionInfoFieldModel {
  @ForeignKey(() => BaseSessionInfoTemplate)
  @Column({ type: DataType.UUID, allowNull: false })
  declare template_id: string;

  // Associations

  @BelongsTo(() => BaseSessionInfoTemplate, 'template_id')
  declare template?: BaseSessionInfoTemplate;
}
