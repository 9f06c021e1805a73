import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { Quote } from './Quote';

/**
 * A client's simple electronic signature of a quote (issue 31 §2) and its evidence: who signed
 * (the name typed, the account's email), when (UTC), from where (IP address, user agent), the
 * consent text shown, and the SHA-256 of the exact pdf signed, kept under a permanent prefix. The
 * database refuses any change to the evidence and any deletion (migration 2026.11.27T07.30.00).
 */
@Table({ tableName: 'quote_signatures', updatedAt: false })
export class QuoteSignature extends CreatedAtModel {
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @ForeignKey(() => Quote)
  @Column({ type: DataType.UUID, allowNull: false })
  declare quote_id: string;

  @Column({ type: DataType.UUID })
  declare client_account_id: string | null;

  @Column({ type: DataType.STRING(200), allowNull: false })
  declare signer_name: string;

  @Column({ type: DataType.STRING(320), allowNull: false })
  declare signer_email: string;

  @Column({ type: DataType.DATE, allowNull: false })
  declare signed_at: Date;

  @Column({ type: DataType.STRING(64), allowNull: false })
  declare ip_address: string;

  @Column({ type: DataType.STRING(1000), allowNull: false })
  declare user_agent: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare consent_text: string;

  /** The language the client read the quote and the consent in. */
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare locale: string;

  /** The exact pdf signed (pdfs/contracts/…), and its SHA-256 (hex). */
  @Column({ type: DataType.TEXT, allowNull: false })
  declare pdf_key: string;

  @Column({ type: DataType.CHAR(64), allowNull: false })
  declare pdf_sha256: string;

  /** The signed copy sent to both parties: the signed pdf followed by its signature certificate page. */
  @Column({ type: DataType.TEXT })
  declare certificate_pdf_key: string | null;

  @Column({ type: DataType.DATE })
  declare emailed_at: Date | null;

  @BelongsTo(() => Quote, 'quote_id')
  declare quote?: Quote;
}
