import { type Request, type RequestHandler } from 'express';
import { type Logger } from 'pino';

/** Probes scraped every few seconds: logged at debug so they do not drown the requests of people. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

/** The route pattern that served the request (`/api/contacts/:id`), never the raw path with its ids. */
function routeOf(req: Request): string | undefined {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  return typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : undefined;
}

/**
 * One access log line per request when its response is finished (or the client went away):
 * requestId, userId, method, route, status, duration in ms. Written here rather than with
 * pino-http because pino-http puts its fields in child bindings, which our log-context mixin
 * would repeat as duplicate JSON keys (docs/decisions.md).
 */
export function accessLog(logger: Logger): RequestHandler {
  // The line's fields are the ones above, none of them secret: written without the logger's
  // redaction, whose wildcard paths are parsed again for each string field of every line (about
  // 5 µs and 15 KB of garbage a request; docs/performance.md, issue 43, stop 58).
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const status = res.writableFinished ? res.statusCode : 499;
      const level = PROBES.has(req.path) ? 'debug' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      const duration = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      lines[level](
        {
          requestId: req.requestId,
          userId: req.user?.id,
          method: req.method,
          route: routeOf(req) ?? null,
          status,
          duration,
        },
        'request completed',
      );
    };
    res.once('finish', write);
    res.once('close', write);
    next();
  };
}
