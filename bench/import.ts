// Benchmark: a contacts import end to end (read the upload from S3, parse, validate every row,
// plan, write batches with their outbox events and ledger lines), against `COPY FROM STDIN` of
// the same rows into the same table, measured in the same run.
//
//   npx tsx bench/import.ts [N]            (default 100 000 rows, about 10 MB of csv)
//
// Steps, each on a fresh owner: 1. COPY baseline (pg-copy-streams, the csv's rows as they are);
// 2. the runImport activity creating N contacts; 3. the same file again with updateExisting=true,
// every row matching. Prints rows/s and peak RSS; last line `ratio: N.NN` = import rows/s / COPY rows/s.
// It starts its own throw-away stack under .data/bench-import and stops it at the end.
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { MockActivityEnvironment } from '@temporalio/testing';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import pino from 'pino';
import { createImportActivities } from '../activities/imports/run-import';
import { createMigrator } from '../db/migrator';
import { seedDatabase } from '../db/seed';
import { createSequelize } from '../db/sequelize';
import { loadConfig } from '../lib/config';
import { createS3Client } from '../lib/s3';
import { startLocalStack } from '../scripts/stack/stack';
import { type ImportPayload, type ImportResult } from '../workflows/imports/contract';

const repoRoot = path.resolve(__dirname, '..');

function contactsCsv(rows: number): Buffer {
  const lines = ['First Name,Last Name,Email,Phone,City,Zip Code,Notes'];
  for (let i = 0; i < rows; i++) lines.push(`Élodie${i},Lefèvre-${i},elodie.lefevre.${i}@example.fr,+33 6 12 34 ${String(i % 100).padStart(2, '0')} 00,Besançon,25000,"Cliente fidèle, mariage ${i}"`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  const rows = arg === undefined ? 100_000 : Number(arg);
  if (!Number.isInteger(rows) || rows < 1) throw new Error('Usage: npx tsx bench/import.ts [N]');
  const stack = await startLocalStack({ dataDir: path.join(repoRoot, '.data', 'bench-import'), mode: 'test', env: process.env, log: console.log });
  try {
    const config = loadConfig({ ...process.env, ...stack.env });
    const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 4 });
    await createMigrator(sequelize).up();
    await seedDatabase(sequelize);
    const db = new Client({ connectionString: config.DATABASE_URL });
    await db.connect();
    const newOwner = async () => {
      const org = await db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Bench') RETURNING id");
      const user = await db.query<{ id: string }>("INSERT INTO users (org_id, email, password_hash, name) VALUES ($1, $2, 'x', 'Bench') RETURNING id", [org.rows[0].id, `bench-${crypto.randomUUID()}@bench.example`]);
      return user.rows[0].id;
    };
    const csv = contactsCsv(rows);
    console.log(`csv: ${rows} rows, ${(csv.length / 1048576).toFixed(1)} MB`);

    // 1. Baseline: the same rows straight into contacts with COPY (no parsing, no validation).
    // The owner column is prefixed to each line before timing: COPY gets the rows as \copy would.
    const copyOwner = await newOwner();
    const copyCsv = Buffer.from(csv.toString('utf8').split('\r\n').slice(1, -1).map((l) => `${copyOwner},${l}`).join('\n'));
    const started = performance.now();
    const copy = db.query(copyFrom('COPY contacts (owner_id, first_name, last_name, email, phone_number, city, zipcode, notes) FROM STDIN WITH (FORMAT csv)'));
    await pipeline(Readable.from([copyCsv]), copy);
    const copySeconds = (performance.now() - started) / 1000;

    const s3 = createS3Client(config);
    const key = `temp/imports/bench/${crypto.randomUUID()}.csv`;
    await s3.send(new PutObjectCommand({ Bucket: config.S3_BUCKET, Key: key, Body: csv, ContentType: 'text/csv' }));
    const activities = createImportActivities({ sequelize, s3, bucket: config.S3_BUCKET, logger: pino({ level: 'silent' }) });
    const owner = await newOwner();
    const run = async (updateExisting: boolean) => {
      const job = await db.query<{ id: string }>("INSERT INTO job_runs (job_name, workflow_id, task_queue, workflow_type) VALUES ('import', $1, 'imports', 'importWorkflow') RETURNING id", [`bench:${crypto.randomUUID()}`]);
      const payload: ImportPayload = { ownerId: owner, entity: 'contacts', format: 'csv', uploadKey: key, filename: 'bench.csv', updateExisting, preview: false, timeZone: 'Europe/Paris' };
      const t0 = performance.now();
      const result = (await new MockActivityEnvironment().run(activities.runImport as (input: { jobRunId: string; payload: ImportPayload }) => Promise<ImportResult>, { jobRunId: job.rows[0].id, payload })) as ImportResult;
      const seconds = (performance.now() - t0) / 1000;
      if (result.imported !== rows || result.errors.length > 0) throw new Error(`import checked wrong: ${JSON.stringify({ imported: result.imported, errors: result.errors.slice(0, 3) })}`);
      return { seconds, result };
    };
    const created = await run(false);
    const updated = await run(true);
    if (updated.result.updated !== rows) throw new Error(`expected ${rows} updates, got ${updated.result.updated}`);
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE owner_id = $1', [owner]);
    if (count.rows[0].n !== rows) throw new Error(`expected ${rows} contacts, found ${count.rows[0].n}`);
    await db.end();
    await sequelize.close();
    s3.destroy();

    const rate = (s: number) => (rows / s).toFixed(0);
    console.log(`COPY FROM STDIN (baseline)          ${copySeconds.toFixed(2)} s  ${rate(copySeconds)} rows/s`);
    console.log(`import, all created                 ${created.seconds.toFixed(2)} s  ${rate(created.seconds)} rows/s`);
    console.log(`import, updateExisting, all match   ${updated.seconds.toFixed(2)} s  ${rate(updated.seconds)} rows/s`);
    console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (this process: api-side parse not included)`);
    console.log(`ratio (updateExisting): ${(copySeconds / updated.seconds).toFixed(2)}`);
    console.log(`ratio: ${(copySeconds / created.seconds).toFixed(2)}`);
  } finally {
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
