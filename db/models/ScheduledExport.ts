import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { ExportTemplate } from './ExportTemplate';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { User } from './User';
import { type Recurrence } from '../../domain/exports/recurrence';

/**
 * An export run at scheduled_at, then again per recurrence_pattern (NULL: once), through a
 * Temporal schedule (temporal_schedule_id). With export_template_id, the template supplies the
 * format and fields at run time.
 */
@Table({ tableName: 'scheduled_exports' })
export class ScheduledExport extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(10), allowNull: false })
  declare entity: ExportEntity;

  @Column({ type: DataType.STRING(5), allowNull: false })
  declare format: ExportFormat;

  @ForeignKey(() => ExportTemplate)
  @Column({ type: DataType.UUID })
  declare export_template_id: string | null;

  @Default([])
  @Column({ type: DataType.ARRAY(DataType.TEXT), allowNull: false })
  declare selected_fields: string[];

  @Column({ type: DataType.DATE, allowNull: false })
  declare scheduled_at: Date;

  @Column({ type: DataType.JSONB })
  declare recurrence_pattern: Recurrence | null;

  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare send_email: boolean;

  /** Required when send_email (CHECK). */
  @Column({ type: DataType.STRING(255) })
  declare email_recipient: string | null;

  @Column({ type: DataType.STRING(255) })
  declare temporal_schedule_id: string | null;

  @Default(true)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_active: boolean;

  @Column({ type: DataType.DATE })
  declare last_run_at: Date | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => ExportTemplate, 'export_template_id')
  declare export_template?: ExportTemplate | null;
}
