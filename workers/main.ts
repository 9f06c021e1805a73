import v8 from 'node:v8';
// The worker process: one Temporal worker per task queue that the contracts name, all sharing
// one workflow bundle, one connection, one database pool and one metrics registry.
// `npm run worker`; `npm start` runs it for you.
import { NativeConnection, type Worker } from '@temporalio/worker';
import { assertDatabaseReachable } from '../db/connect';
import { createSequelize } from '../db/sequelize';
import { type Config, ConfigError, loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { createMetricsRegistry } from '../lib/metrics/registry';
import { connectTemporal } from '../lib/temporal';
import { withTimeout } from '../lib/with-timeout';
import { taskQueuesInUse } from '../workflows/contracts';
import { createMailer } from '../lib/mailer';
import { createExportMetrics } from '../lib/metrics/export-metrics';
import { createEventEmitter } from '../lib/realtime/event-emitter';
import { createEventPool } from '../lib/realtime/event-pool';
import { createChromium } from '../lib/chromium';
import { pdfRendererAvailable } from '../lib/pdf-renderer';
import { createPublicS3Client, createS3Client } from '../lib/s3';
import { createWalletProvider } from '../lib/payments/walletprovider';
import { buildActivities, type WorkerDeps } from './activities';
import { workerWorkflowBundle } from './bundle-workflows';
import { buildCleanupDeps } from './cleanup-deps';
import { createWorker } from './create-worker';
import { createJobMetrics, type JobMetrics } from '../lib/metrics/job-metrics';
import { createLedgerMetrics } from '../lib/metrics/ledger-metrics';
import { createOpsMetrics } from '../lib/metrics/ops-metrics';
import { startMetricsServer } from './metrics-server';
import { installRuntimeLogger } from './runtime-logger';
import { ensureSchedules } from './schedules';
import { platformStatusSchedule, purchaseInvoiceInboxSchedule } from './platform-status-schedule';
import { selectTaskQueues } from './task-queue-selection';
import { startOutboxRelay } from './outbox-relay';
import { STUDIO_ACTIVITY_EVENT, studioActivityOf } from '../domain/client-portal/studio-activity';
import { PLATFORM_STATUS_EVENT, platformStatusActivityOf } from '../domain/e-invoicing/platform-activity';
import { ownerRoom } from '../workflows/exports/contract';
import { TASK_QUEUES } from '../workflows/job-run/contract';
import { createSmsProvider } from '../lib/sms/create-sms-provider';
import { createCredentialsCipher } from '../lib/credentials-cipher';
import { openCalDavCalendar } from '../lib/calendar/caldav-calendar';
import { createStudioPlatforms } from '../lib/e-invoicing/studio-platform';

type Logger = ReturnType<typeof createLogger>;
type Sequelize = ReturnType<typeof createSequelize>;
type Registry = ReturnType<typeof createMetricsRegistry>;
type Temporal = Awaited<ReturnType<typeof connectTemporal>>;

/** What the process opens once and every queue's worker shares; closed in turn at the end. */
interface WorkerResources {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  /** Each studio's e-invoicing platform client (the key is read when a secret is first needed). */
  studioPlatform: ReturnType<typeof createStudioPlatforms>;
  temporal: Temporal;
  registry: Registry;
  eventPool: ReturnType<typeof createEventPool>;
  mailer: ReturnType<typeof createMailer>;
  publicS3: ReturnType<typeof createPublicS3Client>;
  s3: ReturnType<typeof createS3Client>;
  chromium: ReturnType<typeof createChromium>;
  sms: ReturnType<typeof createSmsProvider>;
}

/** The workers' own connection to Temporal; an unreachable server is a configuration error, in one line. */
async function connectWorkers(address: string): Promise<NativeConnection> {
  try {
    return await withTimeout(NativeConnection.connect({ address }), 5_000, 'Temporal');
  } catch (err) {
    throw new ConfigError(`Temporal is not reachable at TEMPORAL_ADDRESS=${address}: ${(err as Error).message}`);
  }
}

/** The pools, clients and browser the activities share, opened after the connections. */
function openResources(
  base: Pick<WorkerResources, 'config' | 'logger' | 'sequelize' | 'studioPlatform' | 'temporal' | 'registry'>,
): WorkerResources {
  const { config, logger } = base;
  const eventPool = createEventPool(config.DATABASE_URL, logger);
  const mailer = createMailer(config.SMTP_URL);
  const publicS3 = createPublicS3Client(config);
  const s3 = createS3Client(config);
  // One browser per worker, launched at the first pdf (lib/chromium.ts).
  const chromium = createChromium({ executablePath: config.CHROMIUM_PATH, logger });
  if (!pdfRendererAvailable(config.CHROMIUM_PATH))
    logger.warn(
      { executablePath: config.CHROMIUM_PATH },
      'PDF rendering is unavailable: no Chromium at CHROMIUM_PATH; pdf jobs fail into the dead-letter queue until one is installed',
    );
  return { ...base, eventPool, mailer, publicS3, s3, chromium, sms: createSmsProvider(config) };
}

/** The deps of the activities that render, mail and remind about a studio's documents. */
function documentDeps({ config, logger, s3, publicS3, chromium, mailer, sms }: WorkerResources) {
  const links = {
    appBaseUrl: config.APP_BASE_URL,
    tenantBaseUrl: config.TENANT_BASE_URL,
    magicLinkTtlMinutes: config.MAGIC_LINK_TTL_MINUTES,
  };
  return {
    documentPdf: { s3, bucket: config.S3_BUCKET, chromium },
    signedQuote: { logger, s3, bucket: config.S3_BUCKET, chromium, mailer, mailFrom: config.MAIL_FROM },
    documentEmail: {
      logger,
      s3,
      publicS3,
      bucket: config.S3_BUCKET,
      linkTtlSeconds: config.EXPORT_EMAIL_LINK_TTL_SECONDS,
      mailer,
      mailFrom: config.MAIL_FROM,
      ...links,
    },
    scheduleChanged: { logger, mailer, mailFrom: config.MAIL_FROM },
    invoiceReminders: {
      logger,
      mailer,
      mailFrom: config.MAIL_FROM,
      sms,
      s3,
      publicS3,
      bucket: config.S3_BUCKET,
      linkTtlSeconds: config.EXPORT_EMAIL_LINK_TTL_SECONDS,
      ...links,
    },
    sessionInfoInvite: { logger, mailer, s3, bucket: config.S3_BUCKET, mailFrom: config.MAIL_FROM, ...links },
    teamInvite: { logger, mailer, mailFrom: config.MAIL_FROM, appBaseUrl: config.APP_BASE_URL },
    // Members' CalDAV calendars (issue 45 §3): their passwords kept with the platform credentials' key.
    calendars: {
      cipher: () => createCredentialsCipher(config.PA_CREDENTIALS_KEY),
      openCalendar: openCalDavCalendar,
      host: new URL(config.APP_BASE_URL).host,
    },
    bookingEmail: {
      logger,
      mailer,
      mailFrom: config.MAIL_FROM,
      host: new URL(config.APP_BASE_URL).host,
      appBaseUrl: config.APP_BASE_URL,
      tenantBaseUrl: config.TENANT_BASE_URL,
    },
  };
}

/** The deps of the e-invoicing activities: each studio's platform client (issue 32). */
function eInvoicingDeps({ config, logger, s3, studioPlatform }: WorkerResources) {
  return {
    eInvoiceTransmit: { logger, s3, bucket: config.S3_BUCKET, studioPlatform },
    platformStatusPoll: { logger, studioPlatform },
    purchaseInvoiceInbox: { logger, s3, bucket: config.S3_BUCKET, studioPlatform },
    purchaseAnswer: { logger, studioPlatform },
    eInvoiceCashed: { logger, studioPlatform },
    eReportSend: { logger, studioPlatform },
    eReportingDaily: { logger },
  };
}

/** Every capability's deps besides its data access (workers/activities.ts binds that). */
function workerDeps(resources: WorkerResources, metrics: JobMetrics): WorkerDeps {
  const { config, logger, sequelize, registry, s3, publicS3, chromium, mailer, sms } = resources;
  const temporal = resources.temporal.client;
  return {
    logger,
    sequelize,
    metrics,
    temporal,
    cleanup: buildCleanupDeps({ config, sequelize, s3, logger, registry }),
    imports: { s3, bucket: config.S3_BUCKET, logger },
    exportRender: {
      s3,
      bucket: config.S3_BUCKET,
      chromium,
      logger,
      pdf: { maxRows: config.EXPORT_PDF_MAX_ROWS, chunkRows: config.EXPORT_PDF_CHUNK_ROWS },
    },
    accountingExport: { s3, bucket: config.S3_BUCKET, logger },
    roadmap: { s3, bucket: config.S3_BUCKET, chromium },
    automations: { logger, sms, mailer, mailFrom: config.MAIL_FROM, temporal, s3, bucket: config.S3_BUCKET },
    payments: { logger, walletProvider: createWalletProvider(config) },
    paymentReceipts: { logger, s3, bucket: config.S3_BUCKET, chromium, mailer, mailFrom: config.MAIL_FROM },
    ledger: { logger, metrics: createLedgerMetrics(registry) },
    ...eInvoicingDeps(resources),
    ...documentDeps(resources),
    exportDelivery: {
      logger,
      publicS3,
      bucket: config.S3_BUCKET,
      linkTtlSeconds: config.EXPORT_LINK_TTL_SECONDS,
      emailLinkTtlSeconds: config.EXPORT_EMAIL_LINK_TTL_SECONDS,
      emitter: createEventEmitter(resources.eventPool),
      mailer,
      mailFrom: config.MAIL_FROM,
      metrics: createExportMetrics(registry),
    },
  };
}

/** One worker per task queue, sharing the bundle, the connection and the activities. */
async function createWorkers(
  { config, logger, sequelize }: WorkerResources,
  connection: NativeConnection,
  taskQueues: string[],
  activities: object,
): Promise<Worker[]> {
  const workflowBundle = await workerWorkflowBundle(config.WORKFLOW_BUNDLE_FILE);
  const workers: Worker[] = [];
  for (const taskQueue of taskQueues) {
    workers.push(
      await createWorker({
        connection,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue,
        activities,
        logger,
        sequelize,
        workflowBundle,
        workflowsInMainThread: config.WORKER_WORKFLOWS_IN_MAIN_THREAD,
      }),
    );
  }
  return workers;
}

/**
 * The outbox relay runs beside the workers that evaluate what it starts (the automation queue's).
 * The relay also tells the studio app of its clients' steps (issue 31 §5), through Socket.IO's PostgreSQL emitter.
 */
function startRelay({ config, logger, sequelize, temporal, eventPool }: WorkerResources, taskQueues: string[]) {
  const studioEmitter = createEventEmitter(eventPool);
  if (!taskQueues.includes(TASK_QUEUES.automation)) return undefined;
  return startOutboxRelay({
    sequelize,
    temporal: temporal.client,
    namespace: config.TEMPORAL_NAMESPACE,
    logger,
    announce: (events) => {
      for (const event of events) {
        const activity = studioActivityOf(event);
        if (activity) studioEmitter.to(ownerRoom(event.owner_id)).emit(STUDIO_ACTIVITY_EVENT, activity);
        const platformStatus = platformStatusActivityOf(event);
        if (platformStatus) studioEmitter.to(ownerRoom(event.owner_id)).emit(PLATFORM_STATUS_EVENT, platformStatus);
      }
    },
  });
}

function logStarted(logger: Logger, taskQueues: string[], metricsPort: number): void {
  const memory = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  logger.info(
    {
      taskQueues,
      metricsPort,
      rssMb: mb(memory.rss),
      heapUsedMb: mb(memory.heapUsed),
      externalMb: mb(memory.external),
    },
    'worker started',
  );
}

/**
 * SIGINT (Ctrl-C reaches the whole group) and SIGTERM (from the launcher) often both arrive:
 * shut each worker down once, and only while it runs.
 */
function stopOnSignals(workers: Worker[], logger: Logger): void {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    logger.info('worker stopping');
    for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
    // Past the workers' forced shutdown, whatever still holds the process (a browser that will
    // not close, a hung connection) does not: Temporal retries what was cut short.
    setTimeout(() => {
      logger.error('worker did not stop within 40 s of the signal; exiting');
      process.exit(1);
    }, 40_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Both Temporal connections and everything the resources hold, closed once the workers have stopped. */
async function closeResources(resources: WorkerResources, connection: NativeConnection): Promise<void> {
  const { temporal, mailer, publicS3, s3, chromium, eventPool, sequelize } = resources;
  await temporal.connection.close();
  await connection.close();
  mailer.close();
  publicS3.destroy();
  s3.destroy();
  await chromium.close();
  await eventPool.end();
  await sequelize.close();
}

async function main() {
  const config = loadConfig();
  if (config.WORKER_HEAP_GROWING_PERCENT > 0)
    v8.setFlagsFromString(`--heap-growing-percent=${config.WORKER_HEAP_GROWING_PERCENT}`);
  // Before any connection: a wrong queue name is a configuration error, reported in one line.
  const taskQueues = selectTaskQueues(config.WORKER_TASK_QUEUES, taskQueuesInUse());
  const logger = createLogger(config.LOG_LEVEL, { service: 'worker' });
  const sequelize = createSequelize({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    appRole: config.DATABASE_APP_ROLE,
  });
  const studioPlatform = createStudioPlatforms(sequelize, () => createCredentialsCipher(config.PA_CREDENTIALS_KEY));
  await assertDatabaseReachable(sequelize, config.DATABASE_URL);

  // Before the first connection: that creates the runtime, and its logger is fixed then.
  installRuntimeLogger(logger);
  const connection = await connectWorkers(config.TEMPORAL_ADDRESS);
  const temporal = await connectTemporal(config);

  const registry = createMetricsRegistry({ service: 'worker' });
  const metrics = createJobMetrics(registry);
  createOpsMetrics(registry, {
    sequelize,
    temporal: temporal.client,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueues: taskQueuesInUse(),
  });
  const resources = openResources({ config, logger, sequelize, studioPlatform, temporal, registry });
  const activities = buildActivities(workerDeps(resources, metrics));
  const workers = await createWorkers(resources, connection, taskQueues, activities);
  await ensureSchedules(temporal.client, logger);
  await ensureSchedules(temporal.client, logger, [
    platformStatusSchedule(config.PA_POLL_SECONDS),
    purchaseInvoiceInboxSchedule(config.PA_POLL_SECONDS),
  ]);
  const relay = startRelay(resources, taskQueues);
  const metricsServer = await startMetricsServer(registry, config.WORKER_METRICS_PORT);
  logStarted(logger, taskQueues, config.WORKER_METRICS_PORT);

  stopOnSignals(workers, logger);
  await Promise.all(workers.map((w) => w.run()));
  await relay?.stop();
  metricsServer.close();
  await closeResources(resources, connection);
  logger.info('worker stopped');
}

main().catch((err: Error) => {
  // One clear line for configuration and reachability problems; the stack only for the unexpected.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
