// The api process: `npm run api`; `npm start` runs it for you.
import http from 'node:http';
import { assertDatabaseReachable } from '../db/connect';
import { createSequelize } from '../db/sequelize';
import { ConfigError, loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { createMetricsRegistry } from '../lib/metrics';
import { createS3Client } from '../lib/s3';
import { connectTemporal } from '../lib/temporal';
import { createApp } from './app';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { service: 'api' });
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX });
  await assertDatabaseReachable(sequelize, config.DATABASE_URL);
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  try {
    temporal = await connectTemporal(config);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const s3 = createS3Client(config);
  const registry = createMetricsRegistry({ service: 'api' });

  const app = createApp({ config, logger, sequelize, temporal, s3, registry });
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, resolve);
  });
  logger.info({ port: config.PORT }, 'api listening');

  const shutdown = async () => {
    logger.info('api stopping');
    server.close();
    await temporal.connection.close();
    await sequelize.close();
    s3.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err: Error) => {
  // Configuration and reachability problems are one clear line; anything else keeps its stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
