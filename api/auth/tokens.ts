import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Studio users' access tokens. Client-portal tokens carry another `typ` and never pass here. */
const ISSUER = 'studio-service';
const USER_TOKEN_TYPE = 'user';

export interface TokenService {
  issueUserToken: (userId: string) => Promise<string>;
  /** The user id, or undefined for a token that is expired, forged or of another kind. */
  verifyUserToken: (token: string) => Promise<string | undefined>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // A key object made once: jose would otherwise import the raw bytes again on every request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        return payload.typ === USER_TOKEN_TYPE && typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
