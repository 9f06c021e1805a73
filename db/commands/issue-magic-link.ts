import { type Sequelize } from 'sequelize-typescript';
import { MagicLinkToken } from '../models/MagicLinkToken';
import { newSecretToken } from '../../domain/secret-token';

/**
 * A new single-use link for one client, for one session's invitation or (null) for the portal as
 * a whole (an invoice to pay); returns the token to put in the email.
 */
export async function issueMagicLink(
  _sequelize: Sequelize,
  clientAccountId: string,
  sessionId: string | null,
  ttlMinutes: number,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await MagicLinkToken.create({
    client_account_id: clientAccountId,
    session_id: sessionId,
    token_hash: hash,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}
