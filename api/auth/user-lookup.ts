import { LRUCache } from 'lru-cache';
import { type Sequelize } from 'sequelize-typescript';
import { findGuardUser as readGuardUser, type GuardUser } from '../../db/queries/users';

export type { GuardUser };

/**
 * How long the guard trusts a user row it has read. A deleted account or a changed email is
 * refused or applied at most this long after the change; in exchange a burst of requests with
 * one token costs one lookup instead of one serial round trip each (docs/performance.md).
 */
export const USER_LOOKUP_TTL_MS = 5_000;

/**
 * Reads users by id for the auth guard, through a small in-process cache. Unknown ids are not
 * cached, so a token for a missing user keeps being refused with a fresh read.
 */
export function createUserLookup(sequelize: Sequelize, ttlMs = USER_LOOKUP_TTL_MS, max = 10_000) {
  const cache = new LRUCache<string, GuardUser>({ max, ttl: ttlMs });
  const findGuardUser = async (id: string): Promise<GuardUser | null> => {
    const cached = cache.get(id);
    if (cached) return cached;
    const user = await readGuardUser(sequelize, id);
    if (user) cache.set(id, user);
    return user;
  };
  /** Forgets an account, so a change of its membership (removed, another role) applies to its next request. */
  const forget = (id: string) => void cache.delete(id);
  return Object.assign(findGuardUser, { forget });
}
