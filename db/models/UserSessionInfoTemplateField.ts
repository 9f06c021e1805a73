import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { SessionInfoFieldModel } from './base/SessionInfoFieldModel';
import { UserSessionInfoTemplate } from './UserSessionInfoTemplate';

/** One question of a user's session-info template; its columns are declared in SessionInfoFieldModel. */
@Table({ tableName: 'user_session_info_template_fields' })
export class UserSessionInfoTemplateField extends SessionInfoFieldModel {
  @ForeignKey(() => UserSessionInfoTemplate)
  @Column({ type: DataType.UUID, allowNull: false })
  declare template_id: string;

  // Associations

  @BelongsTo(() => UserSessionInfoTemplate, 'template_id')
  declare template?: UserSessionInfoTemplate;
}
