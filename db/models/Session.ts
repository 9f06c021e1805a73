import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, HasOne, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { ClientInfo } from './ClientInfo';
import { Contact } from './Contact';
import { SessionContact } from './SessionContact';
import { Organization } from './Organization';
import { User } from './User';
import { UserSessionInfoTemplate } from './UserSessionInfoTemplate';
import { UserSessionType } from './UserSessionType';
import { Automation } from './Automation';

/** A shoot: what a studio books, prepares and delivers. Owned by one user. */
@Table({ tableName: 'sessions' })
export class Session extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID })
  declare contact_id: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare title: string;

  @Default('PENDING')
  @Column({ type: DataType.STRING(20), allowNull: false })
  declare status: SessionStatus;

  @Column({ type: DataType.DATE })
  declare start_date: Date | null;

  @Column({ type: DataType.DATE })
  declare end_date: Date | null;

  @Column({ type: DataType.STRING(255) })
  declare location: string | null;

  @Column({ type: DataType.UUID })
  declare user_rate_id: string | null;

  @Column({ type: DataType.TEXT })
  declare notes: string | null;

  @Column({ type: DataType.UUID })
  declare user_session_type_id: string | null;

  @Column({ type: DataType.UUID })
  declare workflow_id: string | null;

  @Column({ type: DataType.UUID })
  declare session_info_template_id: string | null;

  // Associations

  /** The studio the record belongs to (its settings: time zone, language). */
  @BelongsTo(() => Organization, 'owner_id')
  declare owner?: Organization;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact | null;

  @BelongsTo(() => UserSessionType, 'user_session_type_id')
  declare user_session_type?: UserSessionType | null;

  /** The workflow applied to the session (set when a trigger first applies one). */
  @BelongsTo(() => Automation, 'workflow_id')
  declare workflow?: Automation | null;

  @BelongsTo(() => UserSessionInfoTemplate, 'session_info_template_id')
  declare session_info_template?: UserSessionInfoTemplate | null;

  /** The client's answers to the session-info form (one per session). */
  @HasOne(() => ClientInfo, 'session_id')
  declare client_info?: ClientInfo | null;

  /** The other people of the session (second spouse, wedding planner...), besides `contact`. */
  @HasMany(() => SessionContact, 'session_id')
  declare session_contacts?: SessionContact[];
}
