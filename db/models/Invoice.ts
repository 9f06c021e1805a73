import { BelongsTo, Column, DataType, Default, ForeignKey, HasMany, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { Contact } from './Contact';
import { InvoiceItem } from './InvoiceItem';
import { Quote } from './Quote';
import { Session } from './Session';
import { User } from './User';
import { type InvoiceBuyer } from '../../domain/invoicing/buyer';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { type LegalFacts } from '../../domain/regimes/legal-facts';
import { type DeliveryAddress } from '../../domain/invoicing/delivery-address';
import { type PaymentStatus } from '../../domain/invoicing/ledger';
import { type InvoiceStatus } from '../../domain/invoicing/statuses';
import { type StoredInstallment } from '../../domain/invoicing/stored-schedule';

/**
 * An invoice (issue 20, docs/invoicing.md): a DRAFT has its amount recomputed from its items and
 * no legal number; at issue it gets its number and becomes a legal record the database refuses to
 * change (trigger invoices_immutable_once_issued) except for what its ledger keeps: payment
 * status, amount paid, credited, balance due and paid_at.
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

  /** ISO 4217 code of every amount of this document (issue 30 §1). */
  @Default('EUR')
  @Column({ type: DataType.STRING(3), allowNull: false })
  declare currency: string;

  @Default('DRAFT')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: InvoiceStatus;

  /** A calendar date, `YYYY-MM-DD`. */
  @Column({ type: DataType.DATEONLY })
  declare due_date: string | null;

  /** When the balance last reached zero; null unless payment_status is PAID. */
  @Column({ type: DataType.DATE })
  declare paid_at: Date | null;

  /** The legal number (F-2026-00001), drawn at issue; null on a draft. */
  @Column({ type: DataType.STRING(60) })
  declare number: string | null;

  @Column({ type: DataType.DATE })
  declare issued_at: Date | null;

  @Column({ type: DataType.DATE })
  declare cancelled_at: Date | null;

  /** When the invoice was first seen overdue (the overdue scan emits INVOICE_STATUS_CHANGED then, once). */
  @Column({ type: DataType.DATE })
  declare overdue_at: Date | null;

  /** The client as it was at issue (name, address, email, company identifiers): what the document shows for good. */
  @Column({ type: DataType.JSONB })
  declare buyer: InvoiceBuyer | null;

  /** The studio's company profile as it was at issue (domain/invoicing/seller.ts); null on a draft and on invoices issued before it was kept. */
  @Column({ type: DataType.JSONB })
  declare seller: InvoiceSeller | null;

  /** What the studio's law decided of it at issue (domain/regimes/legal-facts.ts); null on a draft, under the templates' own law, and on invoices issued before they were kept. */
  @Column({ type: DataType.JSONB })
  declare legal_facts: LegalFacts | null;

  /** When an issue of this draft began (its edits are refused meanwhile, a minute at most); NULL otherwise. */
  @Column({ type: DataType.DATE })
  declare issue_started_at: Date | null;

  /** The pdf rendered at issue, kept for good, and its SHA-256. */
  @Column({ type: DataType.TEXT })
  declare pdf_key: string | null;

  @Column({ type: DataType.CHAR(64) })
  declare pdf_sha256: string | null;

  @Default('UNPAID')
  @Column({ type: DataType.STRING(15), allowNull: false })
  declare payment_status: PaymentStatus;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare amount_paid: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare credited: string;

  @Default('0.00')
  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare balance_due: string;

  /** The payment schedule as the studio set it (issue 21 §1); amounts and due dates are computed on read. */
  @Column({ type: DataType.JSONB })
  declare payment_schedule: StoredInstallment[] | null;

  /**
   * The day the service was delivered (the session's day), set at issue (issue 28 §2), as its pdf
   * and e-invoice show it; with service_end_date, the first day of a period. NULL on a draft.
   */
  @Column({ type: DataType.DATEONLY })
  declare service_date: string | null;

  /** The last day of a service that spans several days (a session over several days); NULL for one day. */
  @Column({ type: DataType.DATEONLY })
  declare service_end_date: string | null;

  /** Where its goods are delivered when not to the client's address (issue 32 §5, BG-15); fixed once issued. */
  @Column({ type: DataType.JSONB })
  declare delivery_address: DeliveryAddress | null;

  /** A deposit invoice (facture d'acompte): the installment of its quote's schedule it bills, from 0; null for any other invoice. */
  @Column({ type: DataType.SMALLINT })
  declare deposit_installment: number | null;

  /** When the client first opened it in the portal (issue 31 §5). */
  @Column({ type: DataType.DATE })
  declare viewed_at: Date | null;

  /** When the client last started a checkout to pay it. */
  @Column({ type: DataType.DATE })
  declare checkout_started_at: Date | null;

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
