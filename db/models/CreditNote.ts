import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { type StoredTaxPart } from '../../domain/invoicing/credit-taxes';
import { type CreditNoteLine } from '../../domain/invoicing/credit-note-plan';
import { type StoredVatPart } from '../../domain/invoicing/stored-vat';
import { type InvoiceSeller } from '../../domain/invoicing/seller';
import { type LegalFacts } from '../../domain/regimes/legal-facts';
import { CreatedAtModel } from './base/CreatedAtModel';
import { Invoice } from './Invoice';
import { User } from './User';

/** A credited line, as the credit note shows it: what was credited of which invoice line. */
export type { CreditNoteLine };

/**
 * A credit note (avoir, issue 20 §4): issued at once with its own number, never changed
 * (trigger credit_notes_append_only); it lowers its invoice's balance due.
 */
@Table({ tableName: 'credit_notes', updatedAt: false })
export class CreditNote extends CreatedAtModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Invoice)
  @Column({ type: DataType.UUID, allowNull: false })
  declare invoice_id: string;

  @Column({ type: DataType.STRING(60), allowNull: false })
  declare number: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare reason: string;

  /** What it credits, with tax (decimal string above 0). */
  @Column({ type: DataType.DECIMAL(12, 2), allowNull: false })
  declare amount: string;

  /** ISO 4217 code of every amount of this credit note, its invoice's (issue 30 §1). */
  @Default('EUR')
  @Column({ type: DataType.STRING(3), allowNull: false })
  declare currency: string;

  @Default([])
  @Column({ type: DataType.JSONB, allowNull: false })
  declare items: CreditNoteLine[];

  /**
   * Its VAT breakdown, fixed at issue (domain/invoicing/credit-vat.ts): what it credits at each
   * rate, base and VAT; the parts add up to `amount` (a check says so).
   */
  @Column({ type: DataType.JSONB, allowNull: false })
  declare vat_parts: StoredVatPart[];

  /**
   * A credit note of an invoice with tax lines (issue 30 §2): what it credits per set of taxes, each
   * tax's amount (domain/invoicing/credit-taxes.ts); null for a credit note of `vat_percentage` lines.
   * `vat_parts` then holds the same parts at their combined rate, rounded, so it still adds up.
   */
  @Column({ type: DataType.JSONB })
  declare tax_parts: StoredTaxPart[] | null;

  /**
   * The studio's company profile as it was at this credit note's issue (domain/invoicing/seller.ts):
   * the seller of a credit note is the studio when it issues it; null on notes issued before it was kept.
   */
  @Column({ type: DataType.JSONB })
  declare seller: InvoiceSeller | null;

  /** What the studio's law decided of it at issue (domain/regimes/legal-facts.ts); null under the templates' own law and on notes issued before they were kept. */
  @Column({ type: DataType.JSONB })
  declare legal_facts: LegalFacts | null;

  @Column({ type: DataType.DATE, allowNull: false })
  declare issued_at: Date;

  @Column({ type: DataType.TEXT })
  declare pdf_key: string | null;

  @Column({ type: DataType.CHAR(64) })
  declare pdf_sha256: string | null;

  @BelongsTo(() => Invoice, 'invoice_id')
  declare invoice?: Invoice;
}
