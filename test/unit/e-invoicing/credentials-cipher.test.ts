import crypto from 'node:crypto';
import fc from 'fast-check';
import { createCredentialsCipher, CredentialsKeyMissing } from '../../../lib/credentials-cipher';

const key = crypto.randomBytes(32).toString('base64url');

describe('platform credentials cipher (AES-256-GCM)', () => {
  it('gives back any secret it encrypted, never the secret in the stored text, and a new IV each time', () => {
    const cipher = createCredentialsCipher(key);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), (secret) => {
        const stored = cipher.encrypt(secret);
        expect(stored.startsWith('v1.')).toBe(true);
        if (secret.length >= 4) expect(stored.includes(secret)).toBe(false);
        expect(cipher.decrypt(stored)).toBe(secret);
        expect(cipher.encrypt(secret)).not.toBe(stored);
      }),
    );
  });

  it('refuses a value altered or made with another key', () => {
    const cipher = createCredentialsCipher(key);
    const stored = cipher.encrypt('pa-client-secret');
    const parts = stored.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    expect(() => cipher.decrypt([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => createCredentialsCipher(crypto.randomBytes(32).toString('base64url')).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('pa-client-secret')).toThrow('not an encrypted credential');
  });

  it('needs a 32-byte key', () => {
    expect(() => createCredentialsCipher(undefined)).toThrow(CredentialsKeyMissing);
    expect(() => createCredentialsCipher(crypto.randomBytes(16).toString('base64url'))).toThrow(CredentialsKeyMissing);
  });
});
