import { Column, DataType, Default, HasMany, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { User } from './User';

/** A studio's organisation: every user belongs to one; file objects and job runs are scoped by it. */
@Table({ tableName: 'organizations' })
export class Organization extends Model {
  @PrimaryKey
  @Default(DataType.UUIDV4)
  @Column({ type: DataType.UUID })
  declare id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  // Associations

  @HasMany(() => User, 'org_id')
  declare users?: User[];

  declare created_at: Date;
  declare updated_at: Date;
}
