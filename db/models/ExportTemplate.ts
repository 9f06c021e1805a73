import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';

/**
 * A saved field selection for exporting one entity in one format. At most one is_default per
 * (owner, entity, format): a partial unique index enforces it, so the api clears the previous
 * default in the same transaction before setting a new one.
 */
@Table({ tableName: 'export_templates' })
export class ExportTemplate extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Column({ type: DataType.STRING(10), allowNull: false })
  declare entity: ExportEntity;

  @Column({ type: DataType.STRING(5), allowNull: false })
  declare format: ExportFormat;

  /** Non-empty; the keys are checked against the entity's exportable fields by the domain. */
  @Column({ type: DataType.ARRAY(DataType.TEXT), allowNull: false })
  declare selected_fields: string[];

  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_default: boolean;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;
}
