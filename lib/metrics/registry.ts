import { collectDefaultMetrics, Registry } from 'prom-client';

/** A registry per process with Node's process metrics (CPU, memory, event loop, GC). */
export function createMetricsRegistry(labels: Record<string, string>): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  return registry;
}
