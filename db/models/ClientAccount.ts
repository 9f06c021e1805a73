import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Contact } from './Contact';
import { User } from './User';

/**
 * A studio's client who signs in to the portal by magic link. Scoped to one studio user
 * (owner_id) and one contact; the email is unique per studio, without case.
 */
@Table({ tableName: 'client_accounts' })
export class ClientAccount extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID, allowNull: false })
  declare contact_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare email: string;

  @Column({ type: DataType.DATE })
  declare last_login_at: Date | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact;
}
