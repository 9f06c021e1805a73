import fc from 'fast-check';
import { hashToken, newSecretToken } from '../../../domain/secret-token';

describe('secret link tokens', () => {
  it('gives each link 256 random bits, URL-safe, and the database only their hash', () => {
    const made = Array.from({ length: 200 }, newSecretToken);
    expect(new Set(made.map((m) => m.token)).size).toBe(made.length);
    for (const { token, hash } of made) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hashToken(token)).toBe(hash);
    }
  });

  it('finds a link by what it carries and by nothing else', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(hashToken(a) === hashToken(b)).toBe(a === b);
      }),
    );
    // The SHA-256 of the empty string, as any tool computes it.
    expect(hashToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
