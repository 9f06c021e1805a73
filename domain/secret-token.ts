import { createHash, randomBytes } from 'node:crypto';

/**
 * What the database keeps of a secret link's token (a team invitation, a client's magic link or
 * document link, a calendar feed, a booking's change link): its SHA-256 in hex. The token itself
 * is given once, in the link, and never stored or logged; a link is found by the hash of what it
 * carries.
 */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new link's secret (256 bits, URL-safe) and the hash the database keeps of it. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
