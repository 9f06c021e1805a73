import { BelongsTo, Column, DataType, Default, ForeignKey } from 'sequelize-typescript';
import { IdModel } from './IdModel';
import { UserSessionType } from '../UserSessionType';
import { type DiscountType, type ItemType } from '../../../domain/invoicing/item-types';
import { type StoredTax } from '../../../domain/invoicing/line-taxes';
import { type OperationCategory } from '../../../domain/invoicing/billing-framework';

/**
 * A line of a quote or an invoice (`quote_items`, `invoice_items`: the same columns but the
 * parent's key), deleted with its document. Money columns are decimal strings ("120.00");
 * arithmetic happens in integer cents. Prices and totals may be negative on DISCOUNT lines.
 * The concrete models add the parent's foreign key and association.
 */
export abstract class DocumentLineModel extends IdModel {
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

  /**
   * The line's taxes (issue 30 §2: GST + QST, 8.875 % sales tax); null: the one tax of
   * `vat_percentage`, as every line before (domain/invoicing/line-taxes.ts).
   */
  @Column({ type: DataType.JSONB })
  declare taxes: StoredTax[] | null;

  /** What the line sells (issue 32 §5): SERVICES (a session, the default) or GOODS (prints, albums); read on priced lines only. */
  @Default('SERVICES')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare category: OperationCategory;

  /** Why the line is sold at 0 % (issue 40 §5: "Zero-rated: printed books"); printed, and the e-invoice line's note. */
  @Column({ type: DataType.STRING(200) })
  declare zero_rate_reason: string | null;

  // Associations

  @BelongsTo(() => UserSessionType, 'user_session_type_id')
  declare user_session_type?: UserSessionType | null;
}
