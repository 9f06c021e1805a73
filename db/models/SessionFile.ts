import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { LegacyFileModel } from './base/LegacyFileModel';
import { Session } from './Session';

/** Legacy: a file attached to a session before file_objects. Read both through session_files_view. */
@Table({ tableName: 'session_files', updatedAt: false })
export class SessionFile extends LegacyFileModel {
  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID, allowNull: false })
  declare session_id: string;

  // Associations

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session;
}
