import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Session } from './Session';
import { UserSessionInfoTemplate } from './UserSessionInfoTemplate';
import { type ClientInfoSource } from '../../domain/session-info/client-info-sources';

/**
 * The answers to a session's info form, one row per session, created on the first save.
 * responses maps field_key to the answer.
 */
@Table({ tableName: 'client_infos' })
export class ClientInfo extends IdModel {
  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID, allowNull: false })
  declare session_id: string;

  @ForeignKey(() => UserSessionInfoTemplate)
  @Column({ type: DataType.UUID })
  declare template_id: string | null;

  @Default({})
  @Column({ type: DataType.JSONB, allowNull: false })
  declare responses: Record<string, unknown>;

  /** Who saved last: the studio user or the client through the portal. */
  @Column({ type: DataType.STRING(15) })
  declare submitted_via: ClientInfoSource | null;

  @Column({ type: DataType.DATE })
  declare submitted_at: Date | null;

  // Associations

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session;

  @BelongsTo(() => UserSessionInfoTemplate, 'template_id')
  declare template?: UserSessionInfoTemplate | null;
}
