import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { CreatedAtModel } from './base/CreatedAtModel';
import { Invoice } from './Invoice';
import { InvoicePayment } from './InvoicePayment';
import { User } from './User';

/**
 * The receipt of one payment of an invoice's ledger (issue 31 §3), written with the payment
 * (db/commands/invoice-ledger.ts#addPayment): its number and the balance still due right after
 * it. Its pdf and its email are recorded once each by the receipt job (trigger
 * payment_receipts_kept: nothing else ever changes).
 */
@Table({ tableName: 'payment_receipts', updatedAt: false })
export class PaymentReceipt extends CreatedAtModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Invoice)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_id: string;

  /** The ledger row (kind 'payment') this receipt is for; one receipt per payment. */
  @ForeignKey(() => InvoicePayment)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_payment_id: string;

  /** The receipt's rank among its invoice's receipts, from 1. */
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare sequence: number;

  /** `<invoice number>-R<sequence>`: `F-2026-00012-R2`. */
  @Column({ type: DataType.STRING(80), allowNull: false })
  declare number: string;

  /** Decimal string: what was still due on the invoice right after this payment. */
  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare balance_after: string;

  /** The language the kept pdf was written in (the client's), set with the pdf. */
  @Column({ type: DataType.STRING(5) })
  declare locale: UserLocale | null;

  @Column({ type: DataType.TEXT })
  declare pdf_key: string | null;

  @Column({ type: DataType.CHAR(64) })
  declare pdf_sha256: string | null;

  @Column({ type: DataType.DATE })
  declare emailed_at: Date | null;

  @Column({ type: DataType.TEXT })
  declare emailed_to: string | null;

  // Associations

  @BelongsTo(() => Invoice, 'invoice_id')
  declare invoice?: Invoice;

  @BelongsTo(() => InvoicePayment, 'invoice_payment_id')
  declare payment?: InvoicePayment;
}
