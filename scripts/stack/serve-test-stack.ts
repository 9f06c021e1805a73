// The stack for one `npm test` run, in its own process so jest never loads the servers' code:
// free ports, throw-away data, migrations and seed applied. Writes the environment to
// `<dir>/env.json` when ready and stops everything on SIGTERM, or when its parent goes away.
// A part that cannot start is one line on stderr naming it; the rest is stopped; exit code 1.
//
// Lanes: jest's workers run test files side by side against this one stack, each in a lane of its
// own (`<dir>/lanes.json`, keyed by JEST_WORKER_ID): its own database (a copy of the migrated and
// seeded one), Temporal namespace and bucket. A lane's worker processes and outbox relay then see
// only that lane's rows and workflows, as one studio service would (docs/testing.md, "Lanes").
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createMigrator } from '../../db/migrator';
import { seedDatabase } from '../../db/seed';
import { bundleWorkflowsTo } from '../../workers/bundle-workflows';
import { createSequelize } from '../../db/sequelize';
import { stopLiveProcesses } from './process';
import { ensureBucket } from './s3';
import { type LocalStack, startLocalStack } from './stack';
import { describeFailure, startPart } from './start-error';

const dir = process.argv[2];
const laneCount = Math.max(1, Number(process.argv[3] ?? 1) || 1);
/** Lane 1 runs on the stack's own database, namespace and bucket; lane n > 1 on copies of its own. */
const laneNames = (lane: number) => ({
  database: `studio_lane_${lane}`,
  namespace: `lane-${lane}`,
  bucket: `studio-lane-${lane}`,
});
/** A lane's bucket on the stack's S3 server. */
const bucketOptions = (env: Record<string, string>, bucket: string) => ({
  endpoint: env.S3_ENDPOINT,
  region: env.S3_REGION ?? 'us-east-1',
  accessKeyId: env.S3_ACCESS_KEY_ID,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  bucket,
});
/**
 * Ids a lane draws before the next lane's begin: every lane's rows get ids of their own, so the
 * servers the lanes share (the PA simulator's tracking ids, MailDev, stripe-mock's metadata) never
 * see one id from two lanes.
 */
const LANE_ID_SPAN = 100_000_000;

/** Moves every sequence of the database at `url` on by `offset`. */
async function offsetIds(url: string, offset: number): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(
      `SELECT setval(format('%I.%I', schemaname, sequencename), GREATEST(COALESCE(last_value, 0), 1) + $1, false)
         FROM pg_sequences`,
      [offset],
    );
  } finally {
    await db.end();
  }
}
const extraLanes = Array.from({ length: laneCount - 1 }, (_, i) => i + 2);
let stack: LocalStack | undefined;
let stopping = false;
/** Ends the workflow bundle's child process if it is still running when the stack stops. */
const bundling = new AbortController();
let bundled: Promise<void> | undefined;

/** Stops every part (started or starting), removes the throw-away data and exits. Runs once. */
async function stop(code: number, reason?: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (reason) console.error(`[test stack] ${reason}`);
  bundling.abort();
  await Promise.all([stack?.stop(), stopLiveProcesses(), bundled?.catch(() => undefined)]);
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
      ([k]) => !/^(DATABASE_URL|TEMPORAL_ADDRESS|S3_ENDPOINT|SMTP_URL|JWT_SECRET|RADICALE_URL)$/.test(k),
    ),
  );
  // Every test file's worker reads one bundle made here, beside the servers' start, rather than
  // bundling the workflow code itself (a few seconds of CPU each).
  const bundleFile = path.join(dir, 'workflows.bundle.js');
  bundled = startPart('workflow bundle', () => bundleWorkflowsTo(bundleFile, bundling.signal));
  bundled.catch(() => {});
  stack = await startLocalStack({
    dataDir: dir,
    mode: 'test',
    env,
    log: (l) => console.log(`[test stack] ${l}`),
    temporalNamespaces: extraLanes.map((lane) => laneNames(lane).namespace),
  });
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
  const lanes: Record<string, Record<string, string>> = { '1': {} };
  await startPart('test lanes', async () => {
    // CREATE DATABASE … TEMPLATE copies the migrated database file by file, once nothing is
    // connected to it: the copies are made from the server's maintenance database.
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const admin = new Client({ connectionString: maintenance.toString() });
    await admin.connect();
    try {
      for (const lane of extraLanes) {
        const names = laneNames(lane);
        const template = new URL(url).pathname.slice(1);
        await admin.query(`CREATE DATABASE ${names.database} TEMPLATE ${template}`);
        const laneUrl = new URL(url);
        laneUrl.pathname = `/${names.database}`;
        await offsetIds(laneUrl.toString(), (lane - 1) * LANE_ID_SPAN);
        await ensureBucket(bucketOptions(stack?.env ?? {}, names.bucket));
        lanes[String(lane)] = {
          DATABASE_URL: laneUrl.toString(),
          TEMPORAL_NAMESPACE: names.namespace,
          S3_BUCKET: names.bucket,
        };
      }
    } finally {
      await admin.end();
    }
  });
  fs.writeFileSync(path.join(dir, 'lanes.json'), JSON.stringify(lanes, null, 2));
  await bundled;
  const testEnv = { ...stack.env, WORKFLOW_BUNDLE_FILE: bundleFile };
  fs.writeFileSync(path.join(dir, 'env.json'), JSON.stringify(testEnv, null, 2));
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
