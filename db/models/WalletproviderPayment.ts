import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Invoice } from './Invoice';
import { type WalletPaymentStatus } from '../../domain/payments/payment-statuses';

/**
 * A wallet payment attempt for an invoice (one provider order, order_id unique). Once
 * COMPLETED, its money is a row of the invoice's payments ledger (ledger_entry_id).
 */
@Table({ tableName: 'walletprovider_payments' })
export class WalletproviderPayment extends IdModel {
  @ForeignKey(() => Invoice)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_id: string;

  /** The provider's order reference (unique). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare order_id: string;

  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare amount: string;

  /** ISO 4217, upper case as the wallet provider writes it. */
  @Default('EUR')
  @Column({ type: DataType.STRING(3), allowNull: false })
  declare currency: string;

  @Default('CREATED')
  @Column({ type: DataType.STRING(30), allowNull: false })
  declare status: WalletPaymentStatus;

  /** Its row in the invoice's payments ledger, once the payment succeeded. */
  @Column({ type: DataType.UUID })
  declare ledger_entry_id: string | null;

  // Associations

  @BelongsTo(() => Invoice, 'invoice_id')
  declare invoice?: Invoice;
}
