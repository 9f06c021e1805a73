import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { ClientAccount } from './ClientAccount';
import { type PortalDocumentKind } from '../../domain/client-portal/portal-documents';

/**
 * A single-use portal sign-in link. Only a hash of the token is stored (e.g. sha256 hex), so a
 * leaked table opens nothing; used_at marks it spent.
 */
@Table({ tableName: 'magic_link_tokens', updatedAt: false })
export class MagicLinkToken extends CreatedAtModel {
  @ForeignKey(() => ClientAccount)
  @Column({ type: DataType.UUID, allowNull: false })
  declare client_account_id: string;

  /** The session of the invitation the link was issued for (spec: a link records its purpose). */
  @Column({ type: DataType.UUID })
  declare session_id: string | null;

  /** The document a document email or reminder's link opens (issue 31 §1); null: the portal's home or the session. */
  @Column({ type: DataType.STRING(20) })
  declare document_kind: PortalDocumentKind | null;

  @Column({ type: DataType.UUID })
  declare document_id: string | null;

  @Column({ type: DataType.STRING(128), allowNull: false })
  declare token_hash: string;

  @Column({ type: DataType.DATE, allowNull: false })
  declare expires_at: Date;

  @Column({ type: DataType.DATE })
  declare used_at: Date | null;

  // Associations

  @BelongsTo(() => ClientAccount, 'client_account_id')
  declare client_account?: ClientAccount;
}
