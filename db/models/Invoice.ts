import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Contact } from './Contact';
import { InvoiceItem } from './InvoiceItem';
import { Quote } from './Quote';
import { Session } from './Session';
import { User } from './User';
import { type InvoiceStatus } from '../../domain/invoicing/statuses';

/**
 * An invoice as it is today (spec "Invoice (current)"): amount recomputed from the items,
 * PAID only on full payment (paid_at set by the payment webhooks). Its number is not stored:
 * the year, a hyphen and the first 8 characters of the id.
 */
@Table({ tableName: 'invoices' })
export class Invoice extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID })
  declare session_id: string | null;

  @ForeignKey(() => Quote)
  @Column({ type: DataType.UUID })
  declare quote_id: string | null;

  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID })
  declare contact_id: string | null;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  /** Total with tax, e.g. "1250.00" (never a float). */
  @Default('0.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare amount: string;

  @Default('DRAFT')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: InvoiceStatus;

  /** A calendar date, `YYYY-MM-DD`. */
  @Column({ type: DataType.DATEONLY })
  declare due_date: string | null;

  @Column({ type: DataType.DATE })
  declare paid_at: Date | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session | null;

  @BelongsTo(() => Quote, 'quote_id')
  declare quote?: Quote | null;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact | null;

  @HasMany(() => InvoiceItem, 'invoice_id')
  declare items?: InvoiceItem[];
}
