import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { verifiedTokens } from './verified-tokens';

/** Studio users' access tokens. Client-portal tokens carry another `typ` and never pass here. */
const ISSUER = 'studio-service';
const USER_TOKEN_TYPE = 'user';
/** Enough for every member active within a token's lifetime on one process; beyond it, tokens are verified again. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenService {
  issueUserToken: (userId: string) => Promise<string>;
  /** The user id, or undefined for a token that is expired, forged or of another kind. */
  verifyUserToken: (token: string) => Promise<string | undefined>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // A key object made once: jose would otherwise import the raw bytes again on every request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Each request carries its token: its signature is checked once, not on every request.
  const verified = verifiedTokens<string>(VERIFIED_TOKENS_KEPT);
  return {
    issueUserToken: (userId) =>
      new SignJWT({ typ: USER_TOKEN_TYPE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verifyUserToken: async (token) => {
      const known = verified.get(token, Date.now());
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (payload.typ !== USER_TOKEN_TYPE || typeof payload.sub !== 'string') return undefined;
        // jose refuses a token once its `exp` (seconds) is not after the current second; a token without one never expires.
        if (payload.exp !== undefined) verified.remember(token, payload.sub, payload.exp * 1000);
        return payload.sub;
      } catch {
        return undefined;
      }
    },
  };
}
