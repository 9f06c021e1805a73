// The stack for one `npm test` run, in its own process so jest never loads the servers' code:
// free ports, throw-away data, migrations and seed applied. Writes the environment to
// `<dir>/env.json` when ready and stops everything on SIGTERM, or when its parent goes away.
import fs from 'node:fs';
import path from 'node:path';
import { createMigrator } from '../../db/migrator';
import { seedDatabase } from '../../db/seed';
import { createSequelize } from '../../db/sequelize';
import { startLocalStack } from './stack';

async function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: serve-test-stack <dir>');
  fs.rmSync(dir, { recursive: true, force: true });
  // The test stack never reuses the developer's servers: it ignores their URLs.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|TEMPORAL_ADDRESS|S3_ENDPOINT|SMTP_URL|JWT_SECRET)$/.test(k)));
  const stack = await startLocalStack({ dataDir: dir, mode: 'test', env, log: (l) => console.log(`[test stack] ${l}`) });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  try {
    const sequelize = createSequelize({ url: stack.env.DATABASE_URL });
    await createMigrator(sequelize).up();
    await seedDatabase(sequelize);
    await sequelize.close();
  } catch (err) {
    await stack.stop();
    throw err;
  }
  fs.writeFileSync(path.join(dir, 'env.json'), JSON.stringify(stack.env, null, 2));
  // If jest dies without tearing down, do not leave servers behind.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void stop();
    }
  }, 1_000);
}

main().catch((err: Error) => {
  console.error(`[test stack] ${err.message}`);
  process.exit(1);
});
