/**
 * The access tokens this process has verified, each with what it names and until when: a token's
 * signature and claims answer the same until it expires (none is revoked; the account it names is
 * read on every request, user-lookup.ts), so a token seen again is answered without checking its
 * signature again. Bounded: beyond `capacity` tokens the oldest is forgotten, and a forgotten or
 * expired one is simply verified anew.
 */
export interface VerifiedTokens<T> {
  get: (token: string, nowMs: number) => T | undefined;
  remember: (token: string, value: T, expiresAtMs: number) => void;
}

export function verifiedTokens<T>(capacity: number): VerifiedTokens<T> {
  const known = new Map<string, { value: T; expiresAtMs: number }>();
  return {
    get(token, nowMs) {
      const entry = known.get(token);
      if (!entry) return undefined;
      if (nowMs < entry.expiresAtMs) return entry.value;
      known.delete(token);
      return undefined;
    },
    remember(token, value, expiresAtMs) {
      known.delete(token);
      known.set(token, { value, expiresAtMs });
      // A Map keeps insertion order: its first key is the oldest remembered.
      if (known.size > capacity) known.delete(known.keys().next().value!);
    },
  };
}
