import { jwtVerify, SignJWT } from 'jose';

/**
 * Client-portal tokens: `typ: client`, subject = the client account. They are refused by the
 * studio-user guard (which wants `typ: user`) and only open /api/client-accounts/me/... .
 */
const ISSUER = 'studio-service';
const CLIENT_TOKEN_TYPE = 'client';

export interface ClientTokenService {
  issueClientToken: (clientAccountId: string) => Promise<string>;
  verifyClientToken: (token: string) => Promise<string | undefined>;
}

export function createClientTokenService(secret: string, ttlSeconds: number): ClientTokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issueClientToken: (clientAccountId) =>
      new SignJWT({ typ: CLIENT_TOKEN_TYPE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(clientAccountId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verifyClientToken: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        return payload.typ === CLIENT_TOKEN_TYPE && typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
