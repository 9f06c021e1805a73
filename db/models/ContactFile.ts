import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { LegacyFileModel } from './base/LegacyFileModel';
import { Contact } from './Contact';

/** Legacy: a file attached to a contact before file_objects. Read both through contact_files_view. */
@Table({ tableName: 'contact_files', updatedAt: false })
export class ContactFile extends LegacyFileModel {
  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID, allowNull: false })
  declare contact_id: string;

  // Associations

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact;
}
