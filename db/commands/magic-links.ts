import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { ClientAccount } from '../models/ClientAccount';
import { type Contact } from '../models/Contact';
import { MagicLinkToken } from '../models/MagicLinkToken';

/** Only this hash is stored: the emailed token itself never reaches the database or the logs. */
export const hashMagicToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The client account of a contact, created on first need with the contact's current email. One
 * account per contact: two contacts sharing an address get one account each (migration 11.20.00).
 */
export async function ensureClientAccount(_sequelize: Sequelize, contact: Contact): Promise<ClientAccount> {
  if (!contact.email) throw new ValidationError('The contact has no email address');
  const [account] = await ClientAccount.findOrCreate({
    where: { contact_id: contact.id },
    defaults: { owner_id: contact.owner_id, contact_id: contact.id, email: contact.email },
  });
  if (account.email !== contact.email) await account.update({ email: contact.email });
  return account;
}

/** A new single-use link for one client and one session; returns the token to put in the email. */
export async function issueMagicLink(
  _sequelize: Sequelize,
  clientAccountId: string,
  sessionId: string,
  ttlMinutes: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await MagicLinkToken.create({
    client_account_id: clientAccountId,
    session_id: sessionId,
    token_hash: hashMagicToken(token),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

export type RedeemResult =
  | { ok: true; clientAccountId: string; sessionId: string | null }
  /** A used or expired link still names its client: the page that says so speaks their language. */
  | { ok: false; reason: 'used' | 'expired' | 'unknown'; clientAccountId?: string };

/**
 * Checks a link without spending it: what the portal's first page needs. Mail scanners open links
 * before the client does; only the client's click (a POST) spends it, through `redeemMagicLink`.
 */
export async function peekMagicLink(_sequelize: Sequelize, token: string): Promise<RedeemResult> {
  const known = await MagicLinkToken.findOne({ where: { token_hash: hashMagicToken(token) } });
  if (!known) return { ok: false, reason: 'unknown' };
  if (known.used_at) return { ok: false, reason: 'used', clientAccountId: known.client_account_id };
  if (known.expires_at.getTime() <= Date.now())
    return { ok: false, reason: 'expired', clientAccountId: known.client_account_id };
  return { ok: true, clientAccountId: known.client_account_id, sessionId: known.session_id };
}

/**
 * Spends a link: one UPDATE marks it used only if it is unused and unexpired, so two clicks at
 * once cannot both sign in. A refused link says why, for the portal's page.
 */
export async function redeemMagicLink(sequelize: Sequelize, token: string): Promise<RedeemResult> {
  const hash = hashMagicToken(token);
  const rows = await sequelize.query<{ client_account_id: string; session_id: string | null }>(
    `UPDATE magic_link_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING client_account_id, session_id`,
    { bind: [hash], type: QueryTypes.SELECT },
  );
  if (rows.length === 1) {
    await ClientAccount.update({ last_login_at: new Date() }, { where: { id: rows[0].client_account_id } });
    return { ok: true, clientAccountId: rows[0].client_account_id, sessionId: rows[0].session_id };
  }
  const known = await MagicLinkToken.findOne({ where: { token_hash: hash } });
  if (!known) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: known.used_at ? 'used' : 'expired', clientAccountId: known.client_account_id };
}
