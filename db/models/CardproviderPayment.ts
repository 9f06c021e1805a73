import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Invoice } from './Invoice';
import { type CardPaymentStatus } from '../../domain/payments/payment-statuses';

/**
 * A card payment attempt for an invoice (one payment intent, or one hosted checkout session). Once it succeeds, its money is a row
 * of the invoice's payments ledger (ledger_entry_id); an invoice may be paid in several parts.
 */
@Table({ tableName: 'cardprovider_payments' })
export class CardproviderPayment extends IdModel {
  @ForeignKey(() => Invoice)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_id: string;

  /**
   * The provider's payment intent id (unique). A hosted checkout session gets its intent only when
   * it completes: null until then.
   */
  @Column({ type: DataType.TEXT })
  declare payment_intent_id: string | null;

  /** The hosted checkout session (Stripe Checkout) the client pays through, when it started as one (unique). */
  @Column({ type: DataType.TEXT })
  declare checkout_session_id: string | null;

  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare amount: string;

  /** ISO 4217, lower case as the card provider writes it. */
  @Default('eur')
  @Column({ type: DataType.STRING(3), allowNull: false })
  declare currency: string;

  @Default('pending')
  @Column({ type: DataType.STRING(30), allowNull: false })
  declare status: CardPaymentStatus;

  /** Its row in the invoice's payments ledger, once the payment succeeded. */
  @Column({ type: DataType.UUID })
  declare ledger_entry_id: string | null;

  // Associations

  @BelongsTo(() => Invoice, 'invoice_id')
  declare invoice?: Invoice;
}
