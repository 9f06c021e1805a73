// The api process: `npm run api`; `npm start` runs it for you.
import cluster, { type Worker } from 'node:cluster';
import { assertDatabaseReachable } from '../db/connect';
import { createSequelize } from '../db/sequelize';
import { type Config, ConfigError, loadConfig } from '../lib/config';
import { createLogger, type Logger } from '../lib/logger';
import { createMetricsRegistry } from '../lib/metrics/registry';
import { pdfRendererAvailable } from '../lib/pdf-renderer';
import { createEventPool } from '../lib/realtime/event-pool';
import { forgetOnMembershipChange } from './auth/membership-changes';
import { createPublicS3Client, createS3Client } from '../lib/s3';
import { connectTemporal } from '../lib/temporal';
import { withTimeout } from '../lib/with-timeout';
import { createApp } from './app';
import { createTokenService } from './auth/tokens';
import { createUserLookup } from './auth/user-lookup';
import { createHttpServer } from './http/http-server';
import { attachRealtime } from './realtime/socket-server';

/** How long the primary waits for its api processes to stop before killing them. */
const STOP_DEADLINE_MS = 10_000;
/** How long an api process gives each of its connections to close when it stops. */
const SHUTDOWN_STEP_MS = 1_500;

/** One api process: the app on PORT, stopped cleanly on SIGINT or SIGTERM. */
async function serve(config: Config) {
  const logger = createLogger(config.LOG_LEVEL, { service: 'api' });
  const sequelize = createSequelize({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    appRole: config.DATABASE_APP_ROLE,
  });
  await assertDatabaseReachable(sequelize, config.DATABASE_URL);
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  try {
    temporal = await connectTemporal(config);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const s3 = createS3Client(config);
  const registry = createMetricsRegistry({ service: 'api' });

  const publicS3 = createPublicS3Client(config);
  // One reading of accounts for the routes and the sockets, which forgets an account whose
  // membership changed in any api process (api/auth/membership-changes.ts).
  const userLookup = createUserLookup(sequelize);
  const app = createApp({ config, logger, sequelize, temporal, s3, publicS3, registry, userLookup });
  const server = createHttpServer(app, logger);
  const eventPool = createEventPool(config.DATABASE_URL, logger);
  const memberships = forgetOnMembershipChange(eventPool, userLookup.forget, logger);
  const io = attachRealtime(server, {
    tokens: createTokenService(config.JWT_SECRET, config.JWT_TTL_SECONDS),
    findUser: userLookup,
    pool: eventPool,
    logger,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, resolve);
  });
  logger.info({ port: config.PORT }, 'api listening');
  if (!pdfRendererAvailable(config.CHROMIUM_PATH))
    logger.warn(
      { executablePath: config.CHROMIUM_PATH },
      'PDF rendering is unavailable: no Chromium at CHROMIUM_PATH; pdf routes answer 503 until one is installed',
    );

  let stopping = false;
  const shutdown = async () => {
    // A terminal's Ctrl-C reaches every process of the group, and the primary then sends SIGTERM too.
    if (stopping) return;
    stopping = true;
    logger.info('api stopping');
    server.close();
    // Each step is bounded: one that hangs must not keep the process from exiting. The Socket.IO
    // adapter, closed while it is still connecting, takes its LISTEN connection afterwards and never
    // gives it back, so ending its pool would wait forever.
    const unfinished: string[] = [];
    const steps: [string, () => Promise<unknown>][] = [
      ['socket.io', () => io.close()],
      ['membership changes', () => memberships.stop()],
      ['temporal', () => temporal.connection.close()],
      ['database', () => sequelize.close()],
      ['event pool', () => eventPool.end()],
    ];
    for (const [name, step] of steps) {
      await withTimeout(step(), SHUTDOWN_STEP_MS, name).catch((err: Error) => unfinished.push(err.message));
    }
    s3.destroy();
    publicS3.destroy();
    if (unfinished.length > 0) logger.warn({ unfinished }, 'api stopped without closing everything');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * The cluster primary: forks `count` api processes that share PORT (the primary hands out the
 * connections), and restarts none. If one dies, it says so and stops the rest, exiting 1 so the
 * launcher (npm start, compose, systemd) notices instead of running short-handed. SIGINT or
 * SIGTERM stops them all and exits 0.
 */
function supervise(count: number, logger: Logger) {
  const alive = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const stopAll = () => {
    stopping = true;
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of alive) worker.process.kill('SIGKILL');
      logger.error({ workerPids: [...alive].map((w) => w.process.pid) }, 'api processes did not stop in time; killed');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (!stopping) {
      logger.error({ workerPid: worker.process.pid, code, signal }, 'an api process exited; stopping the others');
      exitCode = 1;
      stopAll();
    }
    if (alive.size === 0) process.exit(exitCode);
  });
  for (let i = 0; i < count; i++) alive.add(cluster.fork());
  logger.info({ processes: count }, 'api cluster started');

  const stop = () => {
    if (stopping) return;
    logger.info('api cluster stopping');
    stopAll();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main() {
  const config = loadConfig();
  if (config.API_PROCESSES > 1 && cluster.isPrimary)
    return supervise(config.API_PROCESSES, createLogger(config.LOG_LEVEL, { service: 'api', role: 'primary' }));
  return serve(config);
}

main().catch((err: Error) => {
  // Configuration and reachability problems are one clear line; anything else keeps its stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
