import { type VatRegime } from '../../domain/e-reporting/reporting-periods';
import { type StudioTaxRate } from '../../domain/invoicing/studio-tax-rates';
import { type TaxRegistration } from '../../domain/regimes/registrations';
import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { User } from './User';

/**
 * The legal identity a user invoices under (one per user), the company profile of
 * /api/users/me/company. For a French company (company_country FR) siren is 9 digits and siret
 * 14 digits starting with it (CHECK in the database, keys checked by domain/company/identifiers.ts);
 * elsewhere both hold the country's own numbers.
 */
@Table({ tableName: 'user_company' })
export class UserCompany extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare user_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare company_name: string;

  @Column({ type: DataType.STRING(20) })
  declare siren: string | null;

  @Column({ type: DataType.STRING(20) })
  declare siret: string | null;

  /** Intra-community VAT number, printed on invoices when present. */
  @Column({ type: DataType.STRING(20) })
  declare vat_number: string | null;

  @Column({ type: DataType.STRING(255) })
  declare company_street: string | null;

  @Column({ type: DataType.STRING(20) })
  declare company_zipcode: string | null;

  @Column({ type: DataType.STRING(100) })
  declare company_city: string | null;

  /** ISO 3166-1 alpha-2 (FR, US, GB…). */
  @Column({ type: DataType.STRING(100) })
  declare company_country: string | null;

  /** The studio's state, province or territory (ISO 3166-2 without the country: NY, QC, NSW), where its taxes depend on it. */
  @Column({ type: DataType.STRING(3) })
  declare company_region: string | null;

  /** The tax rates the studio reuses (domain/invoicing/studio-tax-rates.ts): named, per region, one the default. */
  @Default([])
  @Column({ type: DataType.JSONB, allowNull: false })
  declare tax_rates: StudioTaxRate[];

  /** ISO 4217 code the studio invoices in; NULL: its country's (domain/money/currency.ts). */
  @Column({ type: DataType.STRING(3) })
  declare currency: string | null;

  /** Tax registrations besides vat_number: kind, number and region (domain/company/tax-registrations.ts). */
  @Default([])
  @Column({ type: DataType.JSONB, allowNull: false })
  declare tax_registrations: TaxRegistration[];

  /** SARL, SAS, EI, auto-entrepreneur… */
  @Column({ type: DataType.STRING(100) })
  declare legal_form: string | null;

  /** In euros, decimal(14,2) as a string. */
  @Column({ type: DataType.DECIMAL(14, 2) })
  declare share_capital: string | null;

  /** The city of the RCS the company is registered with ("RCS Paris 912 345 678"). */
  @Column({ type: DataType.STRING(100) })
  declare rcs_city: string | null;

  @Column({ type: DataType.STRING(255) })
  declare email: string | null;

  @Column({ type: DataType.STRING(50) })
  declare phone: string | null;

  @Column({ type: DataType.STRING(34) })
  declare iban: string | null;

  @Column({ type: DataType.STRING(11) })
  declare bic: string | null;

  /** Franchise en base de TVA: invoices carry no VAT and the mention of art. 293 B du CGI. */
  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare vat_exempt: boolean;

  /**
   * The studio opted for VAT on debits (option pour le paiement de la taxe d'après les débits, CGI
   * annexe III art. 77; issue 32 §5): its French invoices say so, their e-invoice carries it, and no
   * cashed status (Encaissée) is sent for their payments.
   */
  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare vat_on_debits: boolean;

  /** A French studio's VAT regime: how often it e-reports (issue 32 §4); null until set. */
  @Column({ type: DataType.STRING(30) })
  declare vat_regime: VatRegime | null;

  /** The late-payment interest rate printed on invoices, in percent a year. */
  @Column({ type: DataType.DECIMAL(5, 2) })
  declare late_payment_rate: string | null;

  /** Days between issue and due date the studio grants. */
  @Column({ type: DataType.INTEGER })
  declare payment_terms_days: number | null;

  // Associations

  @BelongsTo(() => User, 'user_id')
  declare user?: User;
}
