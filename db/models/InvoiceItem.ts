import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { DocumentLineModel } from './base/DocumentLineModel';
import { Invoice } from './Invoice';

/** A line of an invoice, deleted with it; its columns are declared in DocumentLineModel. */
@Table({ tableName: 'invoice_items' })
export class InvoiceItem extends DocumentLineModel {
  @ForeignKey(() => Invoice)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_id: string;

  /** A DEPOSIT line (a final invoice's deduction): the deposit invoice it deducts (a foreign key in the database; no association needed). */
  @Column({ type: DataType.UUID })
  declare deposit_invoice_id: string | null;

  // Associations

  @BelongsTo(() => Invoice, 'invoice_id')
  declare invoice?: Invoice;
}
