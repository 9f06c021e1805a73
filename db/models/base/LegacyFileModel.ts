import { Column, DataType } from 'sequelize-typescript';
import { CreatedAtModel } from './CreatedAtModel';

/**
 * Legacy: a file attached to a contact or a session before file_objects (`contact_files`,
 * `session_files`: the same columns but the owner's key, which the concrete models add). Read
 * through contact_files_view and session_files_view.
 */
export abstract class LegacyFileModel extends CreatedAtModel {
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
}
