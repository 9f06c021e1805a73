import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { Session } from './Session';

/** Legacy: a file attached to a session before file_objects. Read both through session_files_view. */
@Table({ tableName: 'session_files', updatedAt: false })
export class SessionFile extends CreatedAtModel {
  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID, allowNull: false })
  declare session_id: string;

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

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session;
}
