import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Contact } from './Contact';
import { QuoteItem } from './QuoteItem';
import { Session } from './Session';
import { User } from './User';
import { type QuoteStatus } from '../../domain/invoicing/statuses';
import { type StoredInstallment } from '../../domain/invoicing/stored-schedule';

/** A price proposal for a session or a contact. amount is recomputed from the items. */
@Table({ tableName: 'quotes' })
export class Quote extends IdModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID })
  declare session_id: string | null;

  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID })
  declare contact_id: string | null;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare title: string;

  @Column({ type: DataType.TEXT })
  declare description: string | null;

  /** Total with tax, e.g. "1250.00" (never a float). */
  @Default('0.00')
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false })
  declare amount: string;

  /** ISO 4217 code of every amount of this document (issue 30 §1). */
  @Default('EUR')
  @Column({ type: DataType.STRING(3), allowNull: false })
  declare currency: string;

  @Default('PENDING')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: QuoteStatus;

  /** A calendar date, `YYYY-MM-DD`. */
  @Column({ type: DataType.DATEONLY })
  declare valid_until: string | null;

  /** D-2026-00001: drawn from the studio's quote series when the quote is first sent; null while PENDING. */
  @Column({ type: DataType.STRING(60) })
  declare number: string | null;

  @Column({ type: DataType.DATE })
  declare sent_at: Date | null;

  /** The contract the client signs with the quote: text with {{variables}}, rendered into its pdf (issue 31 §2). */
  @Column({ type: DataType.TEXT })
  declare contract: string | null;

  /** When the client first opened it in the portal. */
  @Column({ type: DataType.DATE })
  declare viewed_at: Date | null;

  /** When the client signed it (quote_signatures holds the evidence); a signed quote never changes again. */
  @Column({ type: DataType.DATE })
  declare signed_at: Date | null;

  /** When the client declined it, and why if they said. */
  @Column({ type: DataType.DATE })
  declare declined_at: Date | null;

  @Column({ type: DataType.STRING(1000) })
  declare decline_reason: string | null;

  /** The payment schedule as the studio set it (issue 21 §1); amounts and due dates are computed on read. */
  @Column({ type: DataType.JSONB })
  declare payment_schedule: StoredInstallment[] | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session | null;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact | null;

  @HasMany(() => QuoteItem, 'quote_id')
  declare items?: QuoteItem[];
}
