import { type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { type Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { type Sequelize } from 'sequelize-typescript';
import { RateLimitedError } from '../../domain/errors';
import { type Config, RATE_LIMIT_VARIABLES, type RateLimitPrefix } from '../../lib/config';
import { answersErrors } from '../http/documented-errors';

/** The counters' table, created by migration 2026.11.22T10.00.00.rate-limits (not at run time). */
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface LimitOptions {
  /**
   * What to count per: the client address (default), the signed-in user (needs the auth guard
   * first), or the signed-in client account of the portal (needs the client guard first).
   */
  per?: 'ip' | 'user' | 'client';
  /** Extra key material, e.g. the email being tried at login. */
  extraKey?: (req: Request) => string;
  /** Count only failed requests (login: a studio that signs in fine is never locked out). */
  onlyFailures?: boolean;
}

/** Builds rate-limit middlewares whose counts every api process shares. */
export interface RateLimits {
  /** A limit keyed by `prefix`, with the count and window of its `RATE_LIMIT_<PREFIX>` setting. */
  create: (prefix: RateLimitPrefix, options?: LimitOptions) => RequestHandler;
}

export interface RateLimitsDeps {
  sequelize: Sequelize;
  config: Config;
  logger: Logger;
}

/**
 * Rate limits counted in PostgreSQL (rate-limiter-flexible's Postgres store), so several api
 * processes or replicas share one count. Answers 429 through the error handler, after setting
 * `Retry-After` and the draft-7 `RateLimit` and `RateLimit-Policy` headers on every response.
 *
 * If the store fails (database down, table missing), the request is counted in this process's
 * memory instead, with a logged warning: the limit still holds per process, and a database
 * outage does not turn every request into a 500 (docs/decisions.md).
 */
export function createRateLimits({ sequelize, config, logger }: RateLimitsDeps): RateLimits {
  function create(prefix: RateLimitPrefix, options: LimitOptions = {}): RequestHandler {
    const { count, seconds } = config[RATE_LIMIT_VARIABLES[prefix]];
    const shared = new RateLimiterPostgres({
      storeClient: sequelize,
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: prefix,
      points: count,
      duration: seconds,
    });
    const local = new RateLimiterMemory({ keyPrefix: prefix, points: count, duration: seconds });

    /** Consumes one point; resolves with the limiter that counted it and the result, over the limit or not. */
    async function consume(
      key: string,
    ): Promise<{ limiter: RateLimiterAbstract; result: RateLimiterRes; over: boolean }> {
      // The library rejects with a RateLimiterRes when the key is over its limit, with an Error when the store fails.
      const attempt = async (limiter: RateLimiterAbstract) => {
        try {
          return { limiter, result: await limiter.consume(key), over: false };
        } catch (err) {
          if (err instanceof RateLimiterRes) return { limiter, result: err, over: true };
          throw err;
        }
      };
      try {
        return await attempt(shared);
      } catch (err) {
        logger.warn({ err, prefix }, 'rate-limit store failed; counting in this process only');
        return attempt(local);
      }
    }

    function keyOf(req: Request): string {
      let who: string;
      if (options.per === 'user') {
        // A programming error, not the client's: the route must run the auth guard before this limit.
        if (!req.user) throw new Error(`rate limit ${prefix} is per user but the request has no signed-in user`);
        who = `user:${req.user.id}`;
      } else if (options.per === 'client') {
        const account = (req as Request & { clientAccount?: { id: string } }).clientAccount;
        if (!account) throw new Error(`rate limit ${prefix} is per client but the request has no client account`);
        who = `client:${account.id}`;
      } else {
        who = `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
      }
      return options.extraKey ? `${who}:${options.extraKey(req)}` : who;
    }

    return answersErrors(['rate_limited'], async (req, res, next) => {
      const key = keyOf(req);
      const { limiter, result, over } = await consume(key);
      const resetSeconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      setHeaders(res, count, seconds, result.remainingPoints, resetSeconds);
      if (over) {
        res.setHeader('Retry-After', String(resetSeconds));
        throw new RateLimitedError(count, seconds);
      }
      if (options.onlyFailures) {
        // Counted up front (so concurrent failures cannot slip past the limit), given back on success.
        res.once('finish', () => {
          if (res.statusCode >= 400) return;
          limiter.reward(key).catch((err: unknown) => logger.warn({ err, prefix }, 'rate-limit reward failed'));
        });
      }
      next();
    });
  }
  return { create };
}

/** The IETF draft-7 headers, as express-rate-limit sent them before this store. */
function setHeaders(
  res: Response,
  limit: number,
  windowSeconds: number,
  remaining: number,
  resetSeconds: number,
): void {
  res.setHeader('RateLimit-Policy', `${limit};w=${windowSeconds}`);
  res.setHeader('RateLimit', `limit=${limit}, remaining=${remaining}, reset=${resetSeconds}`);
}
