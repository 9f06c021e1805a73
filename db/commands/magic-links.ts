import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { ClientAccount } from '../models/ClientAccount';
import { type Contact } from '../models/Contact';
import { MagicLinkToken } from '../models/MagicLinkToken';
import { hashMagicToken, type RedeemResult } from '../queries/magic-links';

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
