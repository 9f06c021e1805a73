import { BelongsTo, Column, DataType, Default, ForeignKey, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { type DiscountType, type ItemType } from '../../domain/invoicing/item-types';
import { Quote } from './Quote';
import { UserSessionType } from './UserSessionType';

/**
 * A line of a quote, deleted with it. Money columns are decimal strings ("120.00");
 * arithmetic happens in integer cents. Prices and totals may be negative on DISCOUNT lines.
 */
@Table({ tableName: 'quote_items' })
export class QuoteItem extends Model {
  @PrimaryKey
  @Default(DataType.UUIDV4)
  @Column({ type: DataType.UUID })
  declare id: string;

  @ForeignKey(() => Quote)
  @Column({ type: DataType.UUID, allowNull: false })
  declare quote_id: string;

  @Default('BLANK')
  @Column({ type: DataType.STRING(15), allowNull: false })
  declare item_type: ItemType;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  @Default('1.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare quantity: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare price_with_tax: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false })
  declare vat_percentage: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare price_without_tax: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false })
  declare discount_percentage: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare total: string;

  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare display_order: number;

  @ForeignKey(() => UserSessionType)
  @Column({ type: DataType.UUID })
  declare user_session_type_id: string | null;

  @Column({ type: DataType.DECIMAL(10, 2) })
  declare discount_amount: string | null;

  @Column({ type: DataType.STRING(20) })
  declare discount_type: DiscountType | null;

  /** The studio typed price_with_tax: the line's total is quantity × price with tax (domain/invoicing/totals.ts). */
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false })
  declare price_includes_tax: boolean;

  // Associations

  @BelongsTo(() => Quote, 'quote_id')
  declare quote?: Quote;

  @BelongsTo(() => UserSessionType, 'user_session_type_id')
  declare user_session_type?: UserSessionType | null;

  declare created_at: Date;
  declare updated_at: Date;
}
