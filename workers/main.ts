// The worker process: one Temporal worker per task queue, sharing one connection, one database
// pool and one metrics registry. `npm run worker`; `npm start` runs it for you.
import { NativeConnection, type Worker } from '@temporalio/worker';
import { createSequelize } from '../db/sequelize';
import { TASK_QUEUES } from '../workflows/job-run/contract';
import { ConfigError, loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { withTimeout } from '../lib/with-timeout';
import { createMetricsRegistry } from '../lib/metrics';
import { buildActivities } from './activities';
import { createWorker } from './create-worker';
import { createJobMetrics } from './job-metrics';
import { startMetricsServer } from './metrics-server';
import { installRuntimeLogger } from './runtime-logger';
import { assertDatabaseReachable } from '../db/connect';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { service: 'worker' });
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX });
  await assertDatabaseReachable(sequelize, config.DATABASE_URL);

  // Before the first connection: that creates the runtime, and its logger is fixed then.
  installRuntimeLogger(logger);
  let connection: NativeConnection;
  try {
    connection = await withTimeout(NativeConnection.connect({ address: config.TEMPORAL_ADDRESS }), 5_000, 'Temporal');
  } catch (err) {
    throw new ConfigError(`Temporal is not reachable at TEMPORAL_ADDRESS=${config.TEMPORAL_ADDRESS}: ${(err as Error).message}`);
  }

  const registry = createMetricsRegistry({ service: 'worker' });
  const metrics = createJobMetrics(registry, sequelize);
  const activities = buildActivities({ logger, metrics });
  const workers: Worker[] = [];
  for (const taskQueue of Object.values(TASK_QUEUES)) {
    workers.push(
      await createWorker({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue, activities, logger, workflowsPath: require.resolve('../workflows') }),
    );
  }
  const metricsServer = await startMetricsServer(registry, config.WORKER_METRICS_PORT);
  logger.info({ taskQueues: Object.values(TASK_QUEUES), metricsPort: config.WORKER_METRICS_PORT }, 'worker started');

  const shutdown = () => workers.forEach((w) => w.shutdown());
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await Promise.all(workers.map((w) => w.run()));
  metricsServer.close();
  await connection.close();
  await sequelize.close();
  logger.info('worker stopped');
}

main().catch((err: Error) => {
  // One clear line for configuration and reachability problems; the stack only for the unexpected.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
