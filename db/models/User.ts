import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Organization } from './Organization';
import { type UserRole, type UserLocale } from '../../domain/accounts/users';
import { type CsvDialect } from '../../domain/exports/csv-dialect';

/** A person's account: the member's own settings (the studio's are on `Organization`). Presenters list what leaves the service: never password_hash. */
@Table({ tableName: 'users' })
export class User extends IdModel {
  @ForeignKey(() => Organization)
  @Column({ type: DataType.UUID, allowNull: false })
  declare org_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare email: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare password_hash: string;

  @Column({ type: DataType.STRING(255) })
  declare name: string | null;

  @Default('user')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare role: UserRole;

  @Default('fr-FR')
  @Column({ type: DataType.STRING(5), allowNull: false })
  declare locale: UserLocale;

  /** The member's own IANA zone: the dates of their exports. */
  @Default('Europe/Paris')
  @Column({ type: DataType.STRING(64), allowNull: false })
  declare time_zone: string;

  /** Where the studio's messages to this member go (a task addressed to their role); null: `email`. */
  @Column({ type: DataType.STRING(255) })
  declare notification_email: string | null;

  /** The csv dialect of the user's spreadsheet (domain/exports/csv-dialect.ts). */
  @Default('rfc4180')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare csv_dialect: CsvDialect;

  /** The current avatar's object key (`avatars/<userId>/<uuid>.<ext>`); links are signed on demand. */
  @Column({ type: DataType.STRING(1024) })
  declare avatar_key: string | null;

  // Associations

  @BelongsTo(() => Organization, 'org_id')
  declare organization?: Organization;
}
