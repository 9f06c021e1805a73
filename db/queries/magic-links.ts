import { type PortalDocumentKind } from '../../domain/client-portal/portal-documents';
import { hashToken } from '../../domain/secret-token';
import { type Sequelize } from 'sequelize-typescript';
import { MagicLinkToken } from '../models/MagicLinkToken';

export type RedeemResult =
  | {
      ok: true;
      clientAccountId: string;
      sessionId: string | null;
      /** The document the link opens (a document email or reminder's link, issue 31 §1); null for a session's or the home's. */
      document: { kind: PortalDocumentKind; id: string } | null;
    }
  /** A used or expired link still names its client: the page that says so speaks their language. */
  | { ok: false; reason: 'used' | 'expired' | 'unknown'; clientAccountId?: string };

/**
 * Checks a link without spending it: what the portal's first page needs. Mail scanners open links
 * before the client does; only the client's click (a POST) spends it, through `redeemMagicLink`.
 */
export async function peekMagicLink(_sequelize: Sequelize, token: string): Promise<RedeemResult> {
  const known = await MagicLinkToken.findOne({ where: { token_hash: hashToken(token) } });
  if (!known) return { ok: false, reason: 'unknown' };
  if (known.used_at) return { ok: false, reason: 'used', clientAccountId: known.client_account_id };
  if (known.expires_at.getTime() <= Date.now())
    return { ok: false, reason: 'expired', clientAccountId: known.client_account_id };
  return {
    ok: true,
    clientAccountId: known.client_account_id,
    sessionId: known.session_id,
    document: linkedDocument(known),
  };
}

/** The document a link row names, if any. */
export const linkedDocument = (row: {
  document_kind: PortalDocumentKind | null;
  document_id: string | null;
}): { kind: PortalDocumentKind; id: string } | null =>
  row.document_kind && row.document_id ? { kind: row.document_kind, id: row.document_id } : null;
