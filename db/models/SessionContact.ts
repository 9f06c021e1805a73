import { BelongsTo, Column, DataType, ForeignKey, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { Contact } from './Contact';
import { Session } from './Session';

/**
 * A further contact of a session (sessions.contact_id is the main one): second spouse,
 * assistant, company representative. role is a free label.
 */
@Table({ tableName: 'session_contacts', updatedAt: false })
export class SessionContact extends Model {
  @PrimaryKey
  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID, allowNull: false })
  declare session_id: string;

  @PrimaryKey
  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID, allowNull: false })
  declare contact_id: string;

  @Column({ type: DataType.STRING(50) })
  declare role: string | null;

  // Associations

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact;

  declare created_at: Date;
}
