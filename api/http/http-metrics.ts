import { type RequestHandler } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** Request duration by method, matched route (not raw path: ids would explode the series) and status. */
export function httpMetrics(registry: Registry): RequestHandler {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (req, res, next) => {
    const end = histogram.startTimer();
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
