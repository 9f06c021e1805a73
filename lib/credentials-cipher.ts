import crypto from 'node:crypto';

/**
 * Encrypts a studio's secrets at rest (its e-invoicing platform's client secret, its members'
 * CalDAV passwords): AES-256-GCM, a random 12-byte IV per value,
 * the key from PA_CREDENTIALS_KEY (32 bytes, base64url). The stored text is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url parts), so a later key or algorithm can be told apart.
 */
export interface CredentialsCipher {
  encrypt(plain: string): string;
  /** Throws when the value was not made with this key or was altered. */
  decrypt(stored: string): string;
}

export class CredentialsKeyMissing extends Error {}

/** The cipher for a key; a key that is not 32 bytes is refused at once. */
export function createCredentialsCipher(keyText: string | undefined): CredentialsCipher {
  if (!keyText) throw new CredentialsKeyMissing('PA_CREDENTIALS_KEY is not set: platform credentials cannot be kept');
  const key = Buffer.from(keyText, 'base64url');
  if (key.length !== 32) throw new CredentialsKeyMissing('PA_CREDENTIALS_KEY must be 32 bytes (base64url)');
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not an encrypted credential');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
