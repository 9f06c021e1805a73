// The stack for one `npm test` run, in its own process so jest never loads the servers' code:
// free ports, throw-away data, migrations and seed applied. Writes the environment to
// `<dir>/env.json` when ready and stops everything on SIGTERM, or when its parent goes away.
// A part that cannot start is one line on stderr naming it; the rest is stopped; exit code 1.
import fs from 'node:fs';
import path from 'node:path';
import { createMigrator } from '../../db/migrator';
import { seedDatabase } from '../../db/seed';
import { createSequelize } from '../../db/sequelize';
import { stopLiveProcesses } from './process';
import { type LocalStack, startLocalStack } from './stack';
import { describeFailure, startPart } from './start-error';

const dir = process.argv[2];
let stack: LocalStack | undefined;
let stopping = false;

/** Stops every part (started or starting), removes the throw-away data and exits. Runs once. */
async function stop(code: number, reason?: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`[test stack] ${reason}`);
  await Promise.all([stack?.stop(), stopLiveProcesses()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('uncaughtException', (err) => void stop(1, describeFailure(err)));
process.on('unhandledRejection', (err) => void stop(1, describeFailure(err)));

async function main() {
  if (!dir) throw new Error('usage: serve-test-stack <dir>');
  fs.rmSync(dir, { recursive: true, force: true });
  // The test stack never reuses the developer's servers: it ignores their URLs.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|TEMPORAL_ADDRESS|S3_ENDPOINT|SMTP_URL|JWT_SECRET)$/.test(k),
    ),
  );
  stack = await startLocalStack({ dataDir: dir, mode: 'test', env, log: (l) => console.log(`[test stack] ${l}`) });
  const url = stack.env.DATABASE_URL;
  await startPart('database migrations', async () => {
    const sequelize = createSequelize({ url });
    try {
      await createMigrator(sequelize).up();
      await seedDatabase(sequelize);
    } finally {
      await sequelize.close();
    }
  });
  fs.writeFileSync(path.join(dir, 'env.json'), JSON.stringify(stack.env, null, 2));
  // If jest dies without tearing down, do not leave servers behind.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void stop(0);
    }
  }, 1_000);
}

main().catch((err: unknown) => {
  if (!stopping) void stop(1, describeFailure(err));
});
