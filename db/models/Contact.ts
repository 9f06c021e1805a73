import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { IdModel } from './base/IdModel';
import { User } from './User';

/** A studio's client or prospect. Owned by one user; every query filters on owner_id. */
@Table({ tableName: 'contacts' })
export class Contact extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(100) })
  declare first_name: string | null;

  @Column({ type: DataType.STRING(100) })
  declare last_name: string | null;

  @Column({ type: DataType.STRING(255) })
  declare email: string | null;

  @Column({ type: DataType.STRING(50) })
  declare phone_number: string | null;

  @Column({ type: DataType.STRING(255) })
  declare street: string | null;

  @Column({ type: DataType.STRING(100) })
  declare city: string | null;

  @Column({ type: DataType.STRING(20) })
  declare zipcode: string | null;

  @Column({ type: DataType.STRING(100) })
  declare country: string | null;

  @Column({ type: DataType.TEXT })
  declare notes: string | null;

  @Column({ type: DataType.STRING(50) })
  declare contact_type: string | null;

  /** The language the contact reads; null follows the studio's (users.locale). */
  @Column({ type: DataType.STRING(5) })
  declare locale: UserLocale | null;

  /** A client company (issue 20 §6): its name, SIREN and VAT number, printed on its invoices. */
  @Column({ type: DataType.STRING(255) })
  declare company_name: string | null;

  @Column({ type: DataType.STRING(20) })
  declare siren: string | null;

  @Column({ type: DataType.STRING(20) })
  declare vat_number: string | null;

  /** The client's state, province or territory (ISO 3166-2 without the country: NY, QC): its taxes may depend on it. */
  @Column({ type: DataType.STRING(3) })
  declare region: string | null;

  /** A tax-exempt client's resale or exemption certificate (issue 30 §2): its documents carry no tax and print it. */
  @Column({ type: DataType.STRING(100) })
  declare tax_exempt_reference: string | null;

  /** A business client abroad that accounts for the tax itself (EU or UK reverse charge): its documents carry no tax. */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare reverse_charge: boolean;

  /** The client's IANA time zone (payment reminders' quiet hours); null follows the studio's (users.time_zone). */
  @Column({ type: DataType.STRING(64) })
  declare time_zone: string | null;

  /** Payment reminders paused for every invoice of this client (issue 21 §2). */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare reminders_paused: boolean;

  /**
   * When the studio erased the contact (issue 31 §4): its personal fields are gone, and it can no
   * longer be attached, written to or matched (docs/data-retention.md). Never cleared.
   */
  @Column({ type: DataType.DATE })
  declare erased_at: Date | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;
}
