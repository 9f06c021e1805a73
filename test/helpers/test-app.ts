import { type Express } from 'express';
import pino from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { createApp } from '../../api/app';
import { createSequelize } from '../../db/sequelize';
import { type Config, loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createMetricsRegistry } from '../../lib/metrics';
import { createS3Client } from '../../lib/s3';
import { connectTemporal } from '../../lib/temporal';

export interface TestApp {
  app: Express;
  config: Config;
  sequelize: Sequelize;
  temporal: Awaited<ReturnType<typeof connectTemporal>>;
  close: () => Promise<void>;
}

/** The real app wired to the test stack, as api/main.ts wires it (no HTTP listener: supertest drives it). */
export async function startTestApp(options: { logFile?: string } = {}): Promise<TestApp> {
  const config = loadConfig();
  // With a log file the test reads the api's lines back (info and up), whatever LOG_LEVEL says.
  const logger = options.logFile
    ? createLogger('info', { service: 'api-test' }, pino.destination({ dest: options.logFile, sync: true, mkdir: true }))
    : createLogger(config.LOG_LEVEL, { service: 'api-test' });
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 5 });
  const temporal = await connectTemporal(config);
  const s3 = createS3Client(config);
  const app = createApp({ config, logger, sequelize, temporal, s3, registry: createMetricsRegistry({ service: 'api-test' }) });
  return {
    app,
    config,
    sequelize,
    temporal,
    close: async () => {
      await temporal.connection.close();
      await sequelize.close();
      s3.destroy();
    },
  };
}
