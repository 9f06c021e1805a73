import crypto from 'node:crypto';
import { type RequestHandler } from 'express';

export interface BoardAuth {
  enabled: boolean;
  user: string;
  password: string;
}

/** Equal strings in time that does not depend on where they differ (hashes first: lengths differ too). */
function same(a: string, b: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}

/**
 * HTTP basic auth for the queue board (QUEUE_BOARD_BASIC_AUTH_*), compared in constant time.
 * Enabled without a password, the board stays closed (503) rather than open to anyone.
 * Disabled, it relies on whatever sits in front of it (an ingress with its own login).
 */
export function boardBasicAuth(auth: BoardAuth): RequestHandler {
  return (req, res, next) => {
    if (!auth.enabled) return next();
    if (!auth.password) {
      res
        .status(503)
        .type('text/plain')
        .send(
          'The queue board has no password: set QUEUE_BOARD_BASIC_AUTH_PASSWORD (or turn QUEUE_BOARD_BASIC_AUTH_ENABLED off behind another login).',
        );
      return;
    }
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    if (scheme?.toLowerCase() === 'basic' && encoded) {
      const decoded = Buffer.from(encoded, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const user = colon >= 0 ? decoded.slice(0, colon) : '';
      const password = colon >= 0 ? decoded.slice(colon + 1) : '';
      // Both compared, always: which one was wrong is not told by the time taken.
      const userOk = same(user, auth.user);
      const passwordOk = same(password, auth.password);
      if (userOk && passwordOk) return next();
    }
    res.setHeader('WWW-Authenticate', 'Basic realm="studio queue board", charset="UTF-8"');
    res.status(401).type('text/plain').send('Sign in to see the queue board.');
  };
}

/**
 * The token the board's forms carry: the browser resends basic-auth credentials to any request,
 * so a form on another site could replay or terminate runs. Another site cannot read this page,
 * hence cannot know the token.
 */
export function boardFormToken(secret: string, user: string): string {
  return crypto.createHmac('sha256', secret).update(`queue-board:${user}`).digest('base64url');
}

export function formTokenMatches(expected: string, given: unknown): boolean {
  return typeof given === 'string' && same(expected, given);
}
