import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { FileObject } from './FileObject';
import { JobRun } from './JobRun';
import { ScheduledExport } from './ScheduledExport';
import { User } from './User';
import { type ExportJobStatus } from '../../domain/exports/export-kinds';

/**
 * One asynchronous or scheduled export: what was asked, where it stands and the file it made.
 * No updated_at: status moves forward and finished_at closes it.
 */
@Table({ tableName: 'export_jobs', updatedAt: false })
export class ExportJob extends CreatedAtModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(10), allowNull: false })
  declare entity: ExportEntity;

  @Column({ type: DataType.STRING(5), allowNull: false })
  declare format: ExportFormat;

  @Default([])
  @Column({ type: DataType.ARRAY(DataType.TEXT), allowNull: false })
  declare selected_fields: string[];

  @Default('PENDING')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: ExportJobStatus;

  @ForeignKey(() => ScheduledExport)
  @Column({ type: DataType.UUID })
  declare scheduled_export_id: string | null;

  @ForeignKey(() => FileObject)
  @Column({ type: DataType.UUID })
  declare file_object_id: string | null;

  @ForeignKey(() => JobRun)
  @Column({ type: DataType.UUID })
  declare job_run_id: string | null;

  @Column({ type: DataType.INTEGER })
  declare row_count: number | null;

  @Column({ type: DataType.TEXT })
  declare error: string | null;

  @Column({ type: DataType.DATE })
  declare finished_at: Date | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => ScheduledExport, 'scheduled_export_id')
  declare scheduled_export?: ScheduledExport | null;

  @BelongsTo(() => FileObject, 'file_object_id')
  declare file_object?: FileObject | null;

  @BelongsTo(() => JobRun, 'job_run_id')
  declare job_run?: JobRun | null;
}
