import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';
import { type UserLocale } from '../../domain/accounts/users';

/**
 * An email a studio sends (session-info invite, quote, invoice...). owner_id NULL is a system
 * template (seeded, found by business_key and locale); a user's row with the same business_key
 * and locale overrides it. Bodies use `{{path.to.value}}` variables.
 */
@Table({ tableName: 'email_templates' })
export class EmailTemplate extends IdModel {
  /** NULL: a system template. */
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare owner_id: string | null;

  /** Stable name used by code and logs, e.g. `email_session-info-invite`. */
  @Column({ type: DataType.STRING(150) })
  declare identifier: string | null;

  /** e.g. `session-info-invite`; unique per owner (or system) and locale. */
  @Column({ type: DataType.STRING(100) })
  declare business_key: string | null;

  @Default('fr-FR')
  @Column({ type: DataType.STRING(5), allowNull: false })
  declare locale: UserLocale;

  @Column({ type: DataType.STRING(255) })
  declare name: string | null;

  @Column({ type: DataType.STRING(500), allowNull: false })
  declare subject: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare body_html: string;

  @Column({ type: DataType.TEXT })
  declare body_text: string | null;

  /** The variables the template uses, e.g. `["contact.first_name", "sessionInfoLink"]`. */
  @Default([])
  @Column({ type: DataType.JSONB, allowNull: false })
  declare variables: string[];

  @Default(true)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_active: boolean;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User | null;
}
