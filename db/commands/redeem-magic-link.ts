import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ClientAccount } from '../models/ClientAccount';
import { MagicLinkToken } from '../models/MagicLinkToken';
import { hashToken } from '../../domain/secret-token';
import { linkedDocument, type RedeemResult } from '../queries/magic-links';
import { type PortalDocumentKind } from '../../domain/client-portal/portal-documents';

/**
 * Spends a link: one UPDATE marks it used only if it is unused and unexpired, so two clicks at
 * once cannot both sign in. A refused link says why, for the portal's page.
 */
export async function redeemMagicLink(sequelize: Sequelize, token: string): Promise<RedeemResult> {
  const hash = hashToken(token);
  const rows = await sequelize.query<{
    client_account_id: string;
    session_id: string | null;
    document_kind: PortalDocumentKind | null;
    document_id: string | null;
  }>(
    `UPDATE magic_link_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING client_account_id, session_id, document_kind, document_id`,
    { bind: [hash], type: QueryTypes.SELECT },
  );
  if (rows.length === 1) {
    await ClientAccount.update({ last_login_at: new Date() }, { where: { id: rows[0].client_account_id } });
    return {
      ok: true,
      clientAccountId: rows[0].client_account_id,
      sessionId: rows[0].session_id,
      document: linkedDocument(rows[0]),
    };
  }
  const known = await MagicLinkToken.findOne({ where: { token_hash: hash } });
  if (!known) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: known.used_at ? 'used' : 'expired', clientAccountId: known.client_account_id };
}
