import { Column, DataType, Default, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';
import { type UserLocale, type UserPlan } from '../../domain/accounts/users';
import { type CsvDialect } from '../../domain/exports/csv-dialect';

/**
 * A studio: every record it keeps carries its id (`owner_id`), and its settings are here, the same
 * for every member (docs/teams.md). A member's own settings are on their `User` row.
 */
@Table({ tableName: 'organizations' })
export class Organization extends IdModel {
  @Column({ type: DataType.STRING(255), allowNull: false })
  declare name: string;

  /** The calendar of the studio's documents, numbers, ledger periods and reminders. */
  @Default('Europe/Paris')
  @Column({ type: DataType.STRING(64), allowNull: false })
  declare time_zone: string;

  /** The studio's language: its documents' and its clients' when a contact has none. */
  @Default('fr-FR')
  @Column({ type: DataType.STRING(5), allowNull: false })
  declare locale: UserLocale;

  /** The csv dialect of the studio's exports run by a job (scheduled exports). */
  @Default('rfc4180')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare csv_dialect: CsvDialect;

  /** ISO 3166-1 alpha-2 given at registration or in the settings; NULL: not told. */
  @Column({ type: DataType.STRING(2) })
  declare country: string | null;

  @Default('free')
  @Column({ type: DataType.STRING(20), allowNull: false })
  declare plan: UserPlan;

  /** The studio's public name in links (contact form, booking page, its own host). */
  @Column({ type: DataType.STRING(63) })
  declare tenant_slug: string | null;

  /** The current logo's object key (`logos/<studioId>/<uuid>.<ext>`). */
  @Column({ type: DataType.STRING(1024) })
  declare logo_key: string | null;

  /** The studio's calendar feeds put the client's name in each event (docs/booking.md). */
  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare calendar_feed_client_names: boolean;

  // Associations

  @HasMany(() => User, 'org_id')
  declare users?: User[];
}
