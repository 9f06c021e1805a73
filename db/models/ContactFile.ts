import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { Contact } from './Contact';

/** Legacy: a file attached to a contact before file_objects. Read both through contact_files_view. */
@Table({ tableName: 'contact_files', updatedAt: false })
export class ContactFile extends CreatedAtModel {
  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID, allowNull: false })
  declare contact_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare file_name: string;

  @Column({ type: DataType.TEXT })
  declare file_url: string | null;

  @Column({ type: DataType.STRING(1024), allowNull: false })
  declare key: string;

  @Column({ type: DataType.STRING(255) })
  declare content_type: string | null;

  @Column({ type: DataType.BIGINT })
  declare size_bytes: string | null;

  // Associations

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact;
}
