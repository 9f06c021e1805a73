import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Contact } from './Contact';
import { FileObject } from './FileObject';
import { Session } from './Session';
import { User } from './User';
import { type StudioFileType } from '../../domain/files/studio-file-types';

/**
 * A studio file: a named file a user keeps (contract, release form...), optionally tied to a
 * session or contact; the bytes are a file object. Its table is the spec's `documents` ("document"
 * in this code means a quote, an invoice or a credit note: docs/architecture.md, "Glossary"). A
 * file object no studio file or export job references is an orphan for the weekly cleanup.
 */
@Table({ tableName: 'documents' })
export class StudioFile extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  /** Signed links are allowed to the user who uploaded the file. */
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare uploaded_by: string | null;

  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID })
  declare session_id: string | null;

  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID })
  declare contact_id: string | null;

  @ForeignKey(() => FileObject)
  @Column({ type: DataType.UUID })
  declare file_object_id: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Default('OTHER')
  @Column({ type: DataType.STRING(20), allowNull: false })
  declare document_type: StudioFileType;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => User, 'uploaded_by')
  declare uploader?: User | null;

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session | null;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact | null;

  @BelongsTo(() => FileObject, 'file_object_id')
  declare file_object?: FileObject | null;
}
