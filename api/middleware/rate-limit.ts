import { type Request, type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { sendError } from './http-error';

export interface RateLimitOptions {
  /** Key prefix, e.g. `auth:login`, `export:sync`. */
  prefix: string;
  windowMs: number;
  limit: number;
  /** What to count per: the client address (default), or the signed-in user. */
  per?: 'ip' | 'user';
  /** Extra key material, e.g. the email being tried at login. */
  extraKey?: (req: Request) => string;
  /** Count only failed requests (login: a studio that signs in fine is never locked out). */
  onlyFailures?: boolean;
}

/**
 * A rate limit answering 429 in the API's error shape, with `Retry-After` and the standard
 * `RateLimit-*` headers. The store is in memory: one api replica. Several replicas need a shared
 * store (see docs/decisions.md).
 */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: options.onlyFailures ?? false,
    keyGenerator: (req) => {
      const who = options.per === 'user' && req.user ? `user:${req.user.id}` : `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
      return `${options.prefix}:${who}${options.extraKey ? `:${options.extraKey(req)}` : ''}`;
    },
    handler: (_req, res, _next, opts) => {
      sendError(res, 429, 'rate_limited', `Too many requests; limit is ${opts.limit} per ${Math.round(options.windowMs / 1000)} s`);
    },
  });
}
