import { Router } from 'express';
import { type Registry } from 'prom-client';
import { checkReadiness, type ReadinessDeps } from './readiness';

/** Liveness, readiness and Prometheus metrics, at the root as DESIGN.md lists them. */
export function buildOpsRouter(deps: ReadinessDeps & { registry: Registry }): Router {
  const router = Router();

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/ready', async (_req, res) => {
    const result = await checkReadiness(deps);
    res.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not_ready', checks: result.checks });
  });

  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', deps.registry.contentType);
    res.send(await deps.registry.metrics());
  });

  return router;
}
