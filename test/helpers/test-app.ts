import { type AddressInfo } from 'node:net';
import { type Express } from 'express';
import pino from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { createApp } from '../../api/app';
import { createTokenService } from '../../api/auth/tokens';
import { createUserLookup } from '../../api/auth/user-lookup';
import { createHttpServer } from '../../api/http/http-server';
import { attachRealtime } from '../../api/realtime/socket-server';
import { createSequelize } from '../../db/sequelize';
import { type Config, loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createMetricsRegistry } from '../../lib/metrics/registry';
import { createEventPool } from '../../lib/realtime/event-pool';
import { createPublicS3Client, createS3Client } from '../../lib/s3';
import { connectTemporal } from '../../lib/temporal';

export interface TestApp {
  app: Express;
  config: Config;
  sequelize: Sequelize;
  temporal: Awaited<ReturnType<typeof connectTemporal>>;
  /** With `listen`: the address of a real HTTP server with Socket.IO attached, as api/main.ts runs it. */
  baseUrl?: string;
  /** Another app on the same connections with some settings changed (a shorter timeout, a limit). */
  appWith: (overrides: Partial<Record<keyof Config, string | number | boolean>>) => Express;
  close: () => Promise<void>;
}

/**
 * The real app wired to the test stack, as api/main.ts wires it. Without `listen`, supertest
 * drives the app; with it, a real server on a free port also serves Socket.IO.
 */
export async function startTestApp(options: { logFile?: string; listen?: boolean } = {}): Promise<TestApp> {
  const config = loadConfig();
  // With a log file the test reads the api's lines back (info and up), whatever LOG_LEVEL says.
  const logger = options.logFile
    ? createLogger(
        'info',
        { service: 'api-test' },
        pino.destination({ dest: options.logFile, sync: true, mkdir: true }),
      )
    : createLogger(config.LOG_LEVEL, { service: 'api-test' });
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 5, appRole: config.DATABASE_APP_ROLE });
  const temporal = await connectTemporal(config);
  const s3 = createS3Client(config);
  const publicS3 = createPublicS3Client(config);
  const deps = { config, logger, sequelize, temporal, s3, publicS3 };
  const app = createApp({ ...deps, registry: createMetricsRegistry({ service: 'api-test' }) });

  let baseUrl: string | undefined;
  let stopServer = async () => {};
  if (options.listen) {
    const server = createHttpServer(app, logger);
    const pool = createEventPool(config.DATABASE_URL);
    const io = attachRealtime(server, {
      tokens: createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS),
      findUser: createUserLookup(sequelize),
      pool,
      logger,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stopServer = async () => {
      await io.close();
      await pool.end();
    };
  }
  return {
    app,
    config,
    sequelize,
    temporal,
    baseUrl,
    // The same connections: sequelize-typescript binds the models to one Sequelize per process.
    // Overrides go through the config's own validation, as the same values in the environment would.
    appWith: (overrides) =>
      createApp({
        ...deps,
        config: loadConfig({
          ...process.env,
          ...Object.fromEntries(Object.entries(overrides).map(([k, v]) => [k, String(v)])),
        }),
        registry: createMetricsRegistry({ service: 'api-test' }),
      }),
    close: async () => {
      await stopServer();
      await temporal.connection.close();
      await sequelize.close();
      s3.destroy();
      publicS3.destroy();
    },
  };
}
