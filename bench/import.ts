// Benchmark: a contacts import end to end (read the upload from S3, parse, validate every row,
// plan, write batches with their outbox events and ledger lines), against `COPY FROM STDIN` of
// the same rows into the same table, measured in the same run.
//
//   npx tsx bench/import.ts [N]            (default 100 000 rows, about 10 MB of csv)
//
// Steps: 1. COPY baseline (pg-copy-streams, the csv's rows as they are, own owner); 2. the runImport
// activity creating N contacts; 3. the same file again with updateExisting=true, every row
// matching (nothing to change); 4. a file of the same rows with another city on every row, with
// updateExisting=true (every row matching and rewritten). Also the api's check of the upload.
// Prints rows/s and the peak RSS of this process during each step (sampled every 20 ms), and
// the process's RSS before the imports; last line `ratio: N.NN` = import rows/s / COPY rows/s.
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
import { importDb } from '../workers/import-db';
import { createMigrator } from '../db/migrator';
import { seedDatabase } from '../db/seed';
import { createSequelize } from '../db/sequelize';
import { loadConfig } from '../lib/config';
import { checkUpload } from '../lib/imports/read-upload';
import { createS3Client } from '../lib/s3';
import { startLocalStack } from '../scripts/stack/stack';
import { type ImportPayload, type ImportResult } from '../workflows/imports/contract';

const repoRoot = path.resolve(__dirname, '..');

/** The csv, built 1 000 lines at a time so the bench's own strings do not weigh on its RSS. */
function contactsCsv(rows: number, city = 'Besançon'): Buffer {
  const parts = [Buffer.from('First Name,Last Name,Email,Phone,City,Zip Code,Notes\r\n')];
  for (let i = 0; i < rows; i += 1000) {
    const lines: string[] = [];
    for (let j = i; j < Math.min(rows, i + 1000); j++)
      lines.push(
        `Élodie${j},Lefèvre-${j},elodie.lefevre.${j}@example.fr,+33 6 12 34 ${String(j % 100).padStart(2, '0')} 00,${city},25000,"Cliente fidèle, mariage ${j}"\r\n`,
      );
    parts.push(Buffer.from(lines.join('')));
  }
  return Buffer.concat(parts);
}

/** Runs `step` while sampling this process's RSS; returns its result, seconds and peak RSS (MB). */
async function measured<T>(step: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const value = await step();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      peakMb: Math.max(peak, process.memoryUsage.rss()) / 1048576,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** A studio of its own (an organization and its user); its id. */
async function insertOwner(db: Client): Promise<string> {
  const org = await db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Bench') RETURNING id");
  const user = await db.query<{ id: string }>(
    "INSERT INTO users (id, org_id, email, password_hash, name) VALUES ($1, $1, $2, 'x', 'Bench') RETURNING id",
    [org.rows[0].id, `bench-${crypto.randomUUID()}@bench.example`],
  );
  return user.rows[0].id;
}

/**
 * The baseline: the same rows straight into contacts with COPY (no parsing, no validation), in
 * seconds. The owner column is prefixed to each line before timing: COPY gets the rows as \copy would.
 */
async function copyBaseline(db: Client, csv: Buffer, copyOwner: string): Promise<number> {
  const prefix = Buffer.from(`${copyOwner},`);
  const copyCsv = Buffer.concat(
    csv
      .toString('utf8')
      .split('\r\n')
      .slice(1, -1)
      .flatMap((l) => [prefix, Buffer.from(`${l}\n`)]),
  );
  return (
    await measured(async () => {
      const copy = db.query(
        copyFrom(
          'COPY contacts (owner_id, first_name, last_name, email, phone_number, city, zipcode, notes) FROM STDIN WITH (FORMAT csv)',
        ),
      );
      await pipeline(Readable.from([copyCsv]), copy);
    })
  ).seconds;
}

/** The owner's contacts after the imports: every row, every one in Dijon (the changed file's city). */
async function checkContacts(db: Client, owner: string, rows: number): Promise<void> {
  const count = await db.query<{ n: number; dijon: number }>(
    "SELECT count(*)::int AS n, count(*) FILTER (WHERE city = 'Dijon')::int AS dijon FROM contacts WHERE owner_id = $1",
    [owner],
  );
  if (count.rows[0].n !== rows || count.rows[0].dijon !== rows)
    throw new Error(`expected ${rows} contacts in Dijon, found ${JSON.stringify(count.rows[0])}`);
}

type Step = { seconds: number; peakMb: number };

function report(
  rows: number,
  copySeconds: number,
  {
    created,
    updated,
    changed,
    check,
    rssBefore,
  }: { created: Step; updated: Step; changed: Step; check: Step; rssBefore: number },
): void {
  const rate = (s: number) => (rows / s).toFixed(0).padStart(7);
  const ratio = (s: number) => (copySeconds / s).toFixed(2);
  const line = (name: string, step: { seconds: number; peakMb: number }) =>
    console.log(
      `${name.padEnd(44)} ${step.seconds.toFixed(2).padStart(6)} s ${rate(step.seconds)} rows/s  ratio ${ratio(step.seconds)}  peak RSS ${step.peakMb.toFixed(0)} MB`,
    );
  console.log(
    `COPY FROM STDIN (baseline)                   ${copySeconds.toFixed(2).padStart(6)} s ${rate(copySeconds)} rows/s`,
  );
  line('import, all created', created);
  line('import, updateExisting, all match, unchanged', updated);
  line('import, updateExisting, all match, changed', changed);
  console.log(`api check of the upload (header, first row)  ${(check.seconds * 1000).toFixed(0)} ms`);
  console.log(`RSS of this process before the imports ${rssBefore.toFixed(0)} MB (the csv files, the stack's clients)`);
  console.log(`ratio (updateExisting, changed): ${ratio(changed.seconds)}`);
  console.log(`ratio (updateExisting): ${ratio(updated.seconds)}`);
  console.log(`ratio: ${ratio(created.seconds)}`);
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  const rows = arg === undefined ? 100_000 : Number(arg);
  if (!Number.isInteger(rows) || rows < 1) throw new Error('Usage: npx tsx bench/import.ts [N]');
  const stack = await startLocalStack({
    dataDir: path.join(repoRoot, '.data', 'bench-import'),
    mode: 'test',
    env: process.env,
    log: console.log,
  });
  try {
    const config = loadConfig({ ...process.env, ...stack.env });
    const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 4 });
    await createMigrator(sequelize).up();
    await seedDatabase(sequelize);
    const db = new Client({ connectionString: config.DATABASE_URL });
    await db.connect();
    const newOwner = () => insertOwner(db);
    const csv = contactsCsv(rows);
    console.log(`csv: ${rows} rows, ${(csv.length / 1048576).toFixed(1)} MB`);

    // 1. Baseline: the same rows straight into contacts with COPY (no parsing, no validation).
    const copySeconds = await copyBaseline(db, csv, await newOwner());

    const s3 = createS3Client(config);
    const upload = async (body: Buffer) => {
      const key = `temp/imports/bench/${crypto.randomUUID()}.csv`;
      await s3.send(new PutObjectCommand({ Bucket: config.S3_BUCKET, Key: key, Body: body, ContentType: 'text/csv' }));
      return key;
    };
    const key = await upload(csv);
    const changedKey = await upload(contactsCsv(rows, 'Dijon'));
    const activities = createImportActivities({
      ...importDb(sequelize),
      s3,
      bucket: config.S3_BUCKET,
      logger: pino({ level: 'silent' }),
    });
    const owner = await newOwner();
    const check = await measured(() => checkUpload('csv', csv));
    const rssBefore = process.memoryUsage.rss() / 1048576;
    const run = (updateExisting: boolean, uploadKey: string) =>
      measured(async () => {
        const job = await db.query<{ id: string }>(
          "INSERT INTO job_runs (job_name, workflow_id, task_queue, workflow_type) VALUES ('import', $1, 'imports', 'importWorkflow') RETURNING id",
          [`bench:${crypto.randomUUID()}`],
        );
        const payload: ImportPayload = {
          ownerId: owner,
          entity: 'contacts',
          format: 'csv',
          encoding: check.value.encoding,
          uploadKey,
          filename: 'bench.csv',
          updateExisting,
          preview: false,
          timeZone: 'Europe/Paris',
        };
        const result = (await new MockActivityEnvironment().run(
          activities.runImport as (input: { jobRunId: string; payload: ImportPayload }) => Promise<ImportResult>,
          { jobRunId: job.rows[0].id, payload },
        )) as ImportResult;
        if (result.imported !== rows || result.errors.length > 0)
          throw new Error(
            `import checked wrong: ${JSON.stringify({ imported: result.imported, errors: result.errors.slice(0, 3) })}`,
          );
        return result;
      });
    const created = await run(false, key);
    const updated = await run(true, key);
    if (updated.value.updated !== rows) throw new Error(`expected ${rows} updates, got ${updated.value.updated}`);
    const changed = await run(true, changedKey);
    if (changed.value.updated !== rows) throw new Error(`expected ${rows} updates, got ${changed.value.updated}`);
    await checkContacts(db, owner, rows);
    await db.end();
    await sequelize.close();
    s3.destroy();

    report(rows, copySeconds, { created, updated, changed, check, rssBefore });
  } finally {
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
