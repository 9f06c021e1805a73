import { BelongsTo, Column, DataType, Default, ForeignKey, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { User } from './User';

/**
 * The legal identity a user invoices under (one per user). siren is 9 digits, siret 14 digits
 * starting with the siren (CHECKs in the database).
 */
@Table({ tableName: 'user_company' })
export class UserCompany extends Model {
  @PrimaryKey
  @Default(DataType.UUIDV4)
  @Column({ type: DataType.UUID })
  declare id: string;

  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare user_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare company_name: string;

  @Column({ type: DataType.STRING(9) })
  declare siren: string | null;

  @Column({ type: DataType.STRING(14) })
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

  @Column({ type: DataType.STRING(100) })
  declare company_country: string | null;

  // Associations

  @BelongsTo(() => User, 'user_id')
  declare user?: User;

  declare created_at: Date;
  declare updated_at: Date;
}
