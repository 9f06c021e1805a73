import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { CreditNote } from './CreditNote';
import { Invoice } from './Invoice';
import { User } from './User';
import { type PaymentMethod } from '../../domain/invoicing/statuses';

/**
 * One row of an invoice's payments ledger (issue 20 §5): a payment received, a refund given back,
 * or the reversal of a payment entered by mistake. Written once (trigger
 * invoice_payments_append_only); the card and wallet rows point to theirs.
 */
@Table({ tableName: 'invoice_payments', updatedAt: false })
export class InvoicePayment extends CreatedAtModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Invoice)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_id: string;

  @Default('payment')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare kind: 'payment' | 'refund' | 'reversal';

  /** Decimal string, always above 0; a reversal repeats the amount of the payment it reverses. */
  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare amount: string;

  @Default('EUR')
  @Column({ type: DataType.STRING(3), allowNull: false })
  declare currency: string;

  @Column({ type: DataType.STRING(15), allowNull: false })
  declare method: PaymentMethod;

  @Column({ type: DataType.DATE, allowNull: false })
  declare received_at: Date;

  /** The studio's own reference (transfer label, check number). */
  @Column({ type: DataType.STRING(200) })
  declare reference: string | null;

  /** The provider's payment intent, order or refund id. */
  @Column({ type: DataType.STRING(200) })
  declare provider_reference: string | null;

  @Column({ type: DataType.TEXT })
  declare note: string | null;

  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare is_overpayment: boolean;

  @ForeignKey(() => InvoicePayment)
  @Column({ type: DataType.UUID })
  declare reverses_id: string | null;

  @ForeignKey(() => CreditNote)
  @Column({ type: DataType.UUID })
  declare credit_note_id: string | null;

  @BelongsTo(() => Invoice, 'invoice_id')
  declare invoice?: Invoice;
}
