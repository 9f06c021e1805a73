import { Column, DataType, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';

/** A studio's organisation: every user belongs to one; file objects and job runs are scoped by it. */
@Table({ tableName: 'organizations' })
export class Organization extends IdModel {
  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  // Associations

  @HasMany(() => User, 'org_id')
  declare users?: User[];
}
