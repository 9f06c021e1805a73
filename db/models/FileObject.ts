import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { Organization } from './Organization';
import { User } from './User';
import { type FileEntityType, type FileProvider } from '../../domain/files/file-kinds';

/**
 * One object in object storage (unique per bucket and key), scoped to an organisation and
 * optionally attached to an entity (polymorphic entity_type + entity_id, no foreign key).
 */
@Table({ tableName: 'file_objects' })
export class FileObject extends CreatedAtModel {
  @ForeignKey(() => Organization)
  @Column({ type: DataType.UUID, allowNull: false })
  declare org_id: string;

  @Default('s3')
  @Column({ type: DataType.STRING(20), allowNull: false })
  declare provider: FileProvider;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare bucket: string;

  /** Object key, e.g. `exports/<userId>/contacts-2026-11-22.csv` (no leading slash). */
  @Column({ type: DataType.STRING(1024), allowNull: false })
  declare key: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare content_type: string;

  /** bigint: pg reads it back as a string ("1048576"); present it with Number(). */
  @Column({ type: DataType.BIGINT, allowNull: false })
  declare size_bytes: string;

  @Column({ type: DataType.STRING(128) })
  declare checksum: string | null;

  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare created_by: string | null;

  @Column({ type: DataType.STRING(255) })
  declare file_name: string | null;

  @Column({ type: DataType.TEXT })
  declare file_url: string | null;

  @Column({ type: DataType.BOOLEAN })
  declare is_image: boolean | null;

  @Column({ type: DataType.STRING(20) })
  declare entity_type: FileEntityType | null;

  @Column({ type: DataType.UUID })
  declare entity_id: string | null;

  // Associations

  @BelongsTo(() => Organization, 'org_id')
  declare organization?: Organization;

  @BelongsTo(() => User, 'created_by')
  declare creator?: User | null;

  /** Nullable in the table (no NOT NULL, unlike the other tables' updated_at): typed as such. */
  declare updated_at: Date | null;
}
