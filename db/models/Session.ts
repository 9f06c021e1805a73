import { BelongsTo, Column, DataType, Default, ForeignKey, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { Contact } from './Contact';
import { User } from './User';

/** A shoot: what a studio books, prepares and delivers. Owned by one user. */
@Table({ tableName: 'sessions' })
export class Session extends Model {
  @PrimaryKey
  @Default(DataType.UUIDV4)
  @Column({ type: DataType.UUID })
  declare id: string;

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

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact | null;

  declare created_at: Date;
  declare updated_at: Date;
}
