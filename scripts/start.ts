// `npm start`: the whole service on one machine with nothing configured. Starts PostgreSQL,
// Temporal (with its Web UI), an S3 server and a mail sink unless their URLs are set, applies
// migrations and seed data, runs the api and one worker, and stops everything on Ctrl-C.
// A part that cannot start is reported in one line naming it; what had started is stopped.
// Once up, a part that stops is started again (one line when it stops, one when it is back);
// one that keeps stopping stops everything, with one line naming it and exit code 1.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrateDatabase } from '../db/migrate-database';
import { ConfigError, loadConfig } from '../lib/config';
import { type Managed, startProcess, stopLiveProcesses, whenReady } from './stack/process';
import { ensurePdfRenderer, systemProbes } from './stack/pdf-renderer';
import { type LocalStack, repoRoot, startLocalStack, stepTime } from './stack/stack';
import { describeFailure, startPart } from './stack/start-error';
import { createSupervisor, type SupervisedPart } from './stack/supervisor';
import { stopToolBuilds } from './stack/tools';
import { waitFor } from './stack/wait';

// STUDIO_DATA_DIR moves data and logs elsewhere (the launcher's own tests run it on a scratch folder).
const dataDir = path.resolve(process.env.STUDIO_DATA_DIR || path.join(repoRoot, '.data'));
const logDir = path.join(dataDir, 'logs');

let stack: LocalStack | undefined;
const services: SupervisedPart[] = [];
let stopping = false;

/** Stops every part, started or still starting, then exits with `code`. Runs once. */
async function stopAll(code: number, reason?: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  supervisor.close();
  if (reason) console.error(reason);
  console.log(code === 0 ? '\nStopping...' : 'Stopping what had started...');
  stopToolBuilds();
  await Promise.all([...services.map((service) => service.stop()), stack?.stop(), stopLiveProcesses()]);
  console.log('Stopped.');
  process.exit(code);
}

/** Restarts what stops once it was up; gives up (everything stops, exit code 1) on a part that keeps stopping. */
const supervisor = createSupervisor({ log: (line) => console.log(line), onGiveUp: (line) => void stopAll(1, line) });

// Ctrl-C in a terminal reaches every process of the group; a plain `kill` reaches only this one.
// Installed before anything starts, so a signal during start-up stops what is already running.
// Output may already be gone (npm exits first): never let a failed write abort the clean-up.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// The launcher's promise: one line, never a stack trace, whatever escapes below.
process.on('uncaughtException', (err) => void stopAll(1, describeFailure(err)));
process.on('unhandledRejection', (err) => void stopAll(1, describeFailure(err)));

/**
 * Runs the api or the worker under tsx and resolves once its health check answers; its exit
 * before that is a StartError naming it. Used for the first start and for every restart.
 */
function startService(
  name: 'api' | 'worker',
  entry: string,
  env: NodeJS.ProcessEnv,
  healthUrl: string,
  timeoutMs: number,
): Promise<Managed> {
  // `node --import tsx` rather than the tsx CLI: one process per service, so stopping it is real.
  const child = startProcess(name, process.execPath, ['--import', 'tsx', path.join(repoRoot, entry)], {
    env,
    cwd: repoRoot,
    logFile: path.join(logDir, `${name}.log`),
  });
  return startPart(name, () =>
    whenReady(
      child,
      waitFor(name, async () => (await fetch(healthUrl)).ok, timeoutMs, 250),
    ),
  );
}

async function main() {
  const started = Date.now();
  fs.mkdirSync(logDir, { recursive: true });
  // The worker renders pdfs with Chromium: installed here once when it can be (root with apt),
  // like the Go-built servers; otherwise one line, and the api answers 503 on pdf routes. The
  // install runs beside the stack's own one-time steps (tools, PostgreSQL) and is awaited before
  // the worker starts. It never fails the start.
  const aptLog = path.join(logDir, 'apt.log');
  const renderer = ensurePdfRenderer({
    chromiumPath: process.env.CHROMIUM_PATH,
    probes: systemProbes(aptLog),
    log: (l) => console.log(l),
    logFile: aptLog,
  }).catch(() => false);
  stack = await startLocalStack({ dataDir, mode: 'dev', env: process.env, log: (l) => console.log(l), supervisor });
  console.log(`Local stack ready in ${stepTime(started)}`);
  const env: NodeJS.ProcessEnv = { ...process.env, ...stack.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
  // The queue board needs a password; one made up for this run unless one is set.
  const boardPassword = env.QUEUE_BOARD_BASIC_AUTH_PASSWORD || crypto.randomBytes(12).toString('base64url');
  env.QUEUE_BOARD_BASIC_AUTH_PASSWORD = boardPassword;
  env.OPS_QUEUE_BOARD_URL ||= `http://127.0.0.1:${env.PORT ?? 3000}/ops/queues/health`;
  const config = loadConfig(env);

  const migrationsStarted = Date.now();
  const { applied } = await startPart('database migrations', () => migrateDatabase(config));
  console.log(
    `Database ready in ${stepTime(migrationsStarted)} (${applied.length} new migrations, seed data in place).`,
  );
  const rendererWait = Date.now();
  await renderer;
  if (Date.now() - rendererWait > 1000) console.log(`Waited ${stepTime(rendererWait)} for the PDF renderer's install.`);

  const apiUrl = `http://127.0.0.1:${config.PORT}`;
  const service = (name: 'api' | 'worker') =>
    name === 'api'
      ? startService('api', 'api/main.ts', env, `${apiUrl}/health`, 60_000)
      : startService(
          'worker',
          'workers/main.ts',
          env,
          `http://127.0.0.1:${config.WORKER_METRICS_PORT}/health`,
          120_000,
        );
  const servicesStarted = Date.now();
  const [api, worker] = await Promise.all([service('api'), service('worker')]);
  console.log(`api and worker ready in ${stepTime(servicesStarted)}`);
  services.push(
    supervisor.watch({ name: 'api', current: api, restart: () => service('api') }),
    supervisor.watch({ name: 'worker', current: worker, restart: () => service('worker') }),
  );
  console.log(`\nStudio service is up in ${((Date.now() - started) / 1000).toFixed(1)} s:\n`);
  const line = (label: string, text: string) => console.log(`  ${label.padEnd(30)}${text}`);
  line('api', `${apiUrl}   (OpenAPI: ${apiUrl}/api/docs, health: /health, /ready, metrics: /metrics)`);
  line('worker metrics', `http://127.0.0.1:${config.WORKER_METRICS_PORT}/metrics`);
  line(
    'queue board',
    `${apiUrl}/ops/queues   (user ${config.QUEUE_BOARD_BASIC_AUTH_USER}, password ${process.env.QUEUE_BOARD_BASIC_AUTH_PASSWORD ? 'from QUEUE_BOARD_BASIC_AUTH_PASSWORD' : boardPassword})`,
  );
  for (const part of stack.parts) {
    for (const [label, url] of Object.entries(part.urls)) line(`${part.name} ${label}`, url);
  }
  if (process.env.TEMPORAL_ADDRESS)
    line('Temporal', `${process.env.TEMPORAL_ADDRESS} (Web UI: ${config.TEMPORAL_UI_URL})`);
  console.log(`\n  Logs: ${logDir}    Data: ${dataDir}`);
  console.log('  Try it: npm run demo (a demo studio account), then sign in with POST /api/auth/login.');
  console.log('  Ctrl-C stops everything.\n');
}

main().catch((err: unknown) => {
  // A failure caused by Ctrl-C (a part killed while starting) is not news: stopAll is running.
  if (stopping) return;
  void stopAll(1, err instanceof ConfigError ? err.message : describeFailure(err));
});
