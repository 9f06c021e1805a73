// Benchmark: export rendering (csv, xlsx, pdf) against baselines measured in the same run.
//
//   npx tsx bench/export.ts [N] [--no-pdf]        (or: npm run bench:export -- N)
//   BENCH_WORKER_NODE_OPTIONS='--max-old-space-size=256' npx tsx bench/export.ts N   (another heap cap for the worker)
//   BENCH_WORKER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npx tsx bench/export.ts N   (a CPU profile of the worker)
//
// Inserts N sessions for one owner (generate_series), then:
//   1. csv baseline: a plain `COPY (SELECT <the 10 columns> ...) TO STDOUT WITH CSV`, discarded,
//      in a child process of its own (bench/export-child.ts);
//   2. xlsx baseline: exceljs's streaming writer fed the same rows from memory, output discarded,
//      in a child process of its own;
//   3. csv and 4. xlsx: export jobs started through startJob on a real worker process, run as
//      the image runs it (compiled by tsc into .data/bench-export/dist, polling only the exports
//      queue, with docker-compose's worker-exports NODE_OPTIONS; bench/export-worker.ts), its
//      RSS sampled from /proc while each runs;
//   5. unless --no-pdf: a 5 000-row pdf through the activity in a child, with Chromium's peak memory.
// The worker first runs a small owner's 2 000-row export of each format unmeasured (a worker is
// long-lived and warm); so does each child step.
// Prints rows/s, ratios and peak RSS; last line `ratio: N.NN` = csv rows/s / COPY rows/s.
// It starts its own throw-away stack under .data/bench-export and stops it at the end.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { exportKeys } from '../domain/exports/columns';
import { isDerivedColumn } from '../db/queries/exports/derived-columns';
import { startLocalStack } from '../scripts/stack/stack';
import { type ExportPayload } from '../workflows/exports/contract';
import { compileWorker, composeExportsWorkerMemoryEnv, startExportWorker, type WorkerExport } from './export-worker';
import { prepareDatabase } from './harness';

const repoRoot = path.resolve(__dirname, '..');
const PDF_ROWS = 5000;
/** Rows of the owner each step renders first, unmeasured, so the measured run is warm. */
const WARM_UP_ROWS = 2000;

interface StepResult {
  rows: number;
  seconds: number;
  bytes: number;
  vmHwmKb: number | null;
  chromiumPeakKb?: number;
}

function parseArgs(argv: string[]): { rows: number; pdf: boolean } {
  let rows = 100_000;
  let pdf = true;
  for (const arg of argv) {
    if (arg === '--no-pdf') pdf = false;
    else if (/^\d+$/.test(arg)) rows = Number(arg);
    else throw new Error(`Unknown argument "${arg}". Usage: npx tsx bench/export.ts [N] [--no-pdf]`);
  }
  if (rows < 1) throw new Error('N must be a positive integer');
  return { rows, pdf };
}

/** Runs one step in a child process; its last stdout line is the step's JSON. */
function runStep(mode: 'copy' | 'exceljs' | 'render', input: object, env: NodeJS.ProcessEnv): Promise<StepResult> {
  return new Promise((resolve, reject) => {
    // BENCH_RENDER_NODE_ARGS: node flags for the render steps only (e.g. a heap cap a worker would run with).
    const nodeArgs = mode === 'render' ? (process.env.BENCH_RENDER_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
    const child = spawn(
      process.execPath,
      [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'bench', 'export-child.ts'), mode, JSON.stringify(input)],
      {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`bench step ${mode} failed (exit ${code}):\n${err.trim().split('\n').slice(-15).join('\n')}`));
      else resolve(JSON.parse(last) as StepResult);
    });
  });
}

const mb = (kb: number | null | undefined) => (kb ? `${(kb / 1024).toFixed(0)} MB` : 'n/a');
const perSecond = (r: StepResult) => r.rows / r.seconds;
const line = (label: string, r: StepResult) =>
  `${label.padEnd(46)} ${r.rows.toString().padStart(8)} rows  ${r.seconds.toFixed(2).padStart(7)} s  ${perSecond(r).toFixed(0).padStart(8)} rows/s  ${(r.bytes / 1048576).toFixed(1).padStart(7)} MB  peak RSS ${mb(r.vmHwmKb)}`;

/** Inserts `count` sessions for `ownerId`: accents, quotes, line breaks, formula-like titles, nulls. */
async function insertSessions(db: Client, ownerId: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO sessions (owner_id, title, status, start_date, end_date, location, notes, created_at, updated_at)
     SELECT $1,
            CASE WHEN g % 100 = 0 THEN '=SUM(A' || g || ')' ELSE 'Séance photo n°' || g END,
            (ARRAY['PENDING', 'VALIDATED', 'COMPLETED', 'CANCELLED'])[1 + g % 4],
            s.start, s.start + interval '2 hours',
            (ARRAY['Paris', 'Besançon', 'Nîmes', 'Straßburg'])[1 + g % 4],
            CASE WHEN g % 3 = 0 THEN 'Client "pressé", façade' || chr(10) || 'prévoir 2 flashs' END,
            s.created, s.created
     FROM generate_series(1, $2::int) AS g,
          LATERAL (SELECT timestamptz '2026-01-01 08:00Z' + g * interval '7 minutes' AS start,
                          timestamptz '2025-01-01 00:00Z' + g * interval '13 seconds' AS created) AS s`,
    [ownerId, count],
  );
}

type Owner = { ownerId: string; orgId: string };
type Opts = ReturnType<typeof parseArgs>;
type PayloadOf = (owner: Owner, format: ExportPayload['format']) => ExportPayload;

/** The studio measured with its N sessions, a warm-up studio, and (with --pdf) a studio whose pdf is rendered. */
async function seedOwners(databaseUrl: string, opts: Opts) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const newOwner = async (name: string): Promise<Owner> => {
    const org = await db.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [name]);
    const user = await db.query<{ id: string }>(
      'INSERT INTO users (id, org_id, email, password_hash, name) VALUES ($1, $1, $2, $3, $4) RETURNING id',
      [org.rows[0].id, `bench-${crypto.randomUUID()}@bench.example`, 'not-a-hash', name],
    );
    return { ownerId: user.rows[0].id, orgId: org.rows[0].id };
  };
  const studio = await newOwner('Bench Studio');
  console.log(`Inserting ${opts.rows} sessions...`);
  const started = performance.now();
  await insertSessions(db, studio.ownerId, opts.rows);
  const warmOwner = await newOwner('Bench Warm-up Studio');
  await insertSessions(db, warmOwner.ownerId, WARM_UP_ROWS);
  const pdfOwner = opts.pdf ? await newOwner('Bench PDF Studio') : undefined;
  if (pdfOwner) {
    await insertSessions(db, pdfOwner.ownerId, PDF_ROWS);
    await db.query(`INSERT INTO user_company (user_id, company_name) VALUES ($1, 'Atelier Lumière')`, [
      pdfOwner.ownerId,
    ]);
  }
  await db.query('VACUUM ANALYZE sessions');
  console.log(`... in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await db.end();
  return { studio, warmOwner, pdfOwner };
}

/** The csv and xlsx export jobs on a real exports worker, warm as a long-lived worker is, and the worker's memory. */
async function measureOnWorker(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  { payload, studio, warmOwner }: { payload: PayloadOf; studio: Owner; warmOwner: Owner },
) {
  const composed = composeExportsWorkerMemoryEnv();
  const memoryEnv = { ...composed, NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS ?? composed.NODE_OPTIONS };
  const worker = await startExportWorker(env, memoryEnv, compileWorker(path.join(dataDir, 'dist')));
  const idleKb = worker.rssKb();
  try {
    // Warm, as a long-lived worker is: one small export of each format first, unmeasured.
    await worker.run(payload(warmOwner, 'csv'));
    await worker.run(payload(warmOwner, 'excel'));
    const warmKb = worker.rssKb();
    const asStep = (r: WorkerExport): StepResult => ({
      rows: r.rows,
      seconds: r.seconds,
      bytes: r.bytes,
      vmHwmKb: r.peakRssKb,
    });
    const csvJob = await worker.run(payload(studio, 'csv'));
    const xlsxJob = await worker.run(payload(studio, 'excel'));
    return {
      memoryEnv,
      idleKb,
      warmKb,
      csv: asStep(csvJob),
      xlsx: asStep(xlsxJob),
      renderOnly: {
        csv: csvJob.rows / csvJob.renderSeconds,
        xlsx: xlsxJob.rows / xlsxJob.renderSeconds,
        overhead: [csvJob.seconds - csvJob.renderSeconds, xlsxJob.seconds - xlsxJob.renderSeconds],
      },
      workerLifetimeKb: worker.lifetimePeakKb(),
    };
  } finally {
    await worker.stop();
  }
}

function report(
  opts: Opts,
  {
    fields,
    started,
    copy,
    exceljs,
    pdf,
  }: {
    fields: string[];
    started: number;
    copy: StepResult;
    exceljs: StepResult;
    pdf: StepResult | undefined;
  },
  onWorker: Awaited<ReturnType<typeof measureOnWorker>>,
): void {
  const { csv, xlsx, memoryEnv, idleKb, warmKb, workerLifetimeKb, renderOnly } = onWorker;
  if (csv.rows !== opts.rows || xlsx.rows !== opts.rows || copy.rows !== opts.rows || exceljs.rows !== opts.rows) {
    throw new Error(
      `row counts differ: copy ${copy.rows}, csv ${csv.rows}, exceljs ${exceljs.rows}, xlsx ${xlsx.rows}; expected ${opts.rows}`,
    );
  }
  console.log('');
  console.log(
    `bench:export  N=${opts.rows} sessions x ${fields.length} columns  node ${process.version}  ${os.availableParallelism()} CPUs  (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(line('baseline  COPY (SELECT ...) TO STDOUT WITH CSV', copy));
  console.log(line('csv       export job on the worker (to S3)', csv));
  console.log(line('baseline  exceljs streaming writer, from memory', exceljs));
  console.log(line('xlsx      export job on the worker (to S3)', xlsx));
  console.log(
    `worker    ${Object.entries(memoryEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ' ',
      )}  RSS idle ${mb(idleKb)}, after the warm-up ${mb(warmKb)}; peak during the csv ${mb(csv.vmHwmKb)}, during the xlsx ${mb(xlsx.vmHwmKb)}, over its life ${mb(workerLifetimeKb)}`,
  );
  if (pdf) console.log(`${line('pdf       renderExport (to S3)', pdf)}  Chromium peak ${mb(pdf.chromiumPeakKb)}`);
  console.log(
    `render    the renderExport activity alone (from the job's history): csv ${renderOnly.csv.toFixed(0)} rows/s (${(renderOnly.csv / perSecond(copy)).toFixed(2)}x COPY), ` +
      `xlsx ${renderOnly.xlsx.toFixed(0)} rows/s (${(renderOnly.xlsx / perSecond(exceljs)).toFixed(2)}x exceljs); the job around it: ${renderOnly.overhead.map((s) => s.toFixed(2)).join(' s and ')} s`,
  );
  console.log(
    `xlsx ratio: ${(perSecond(xlsx) / perSecond(exceljs)).toFixed(2)}   (target >= 0.8; peak RSS target < 300 MB at 1 000 000 rows)`,
  );
  console.log(`ratio: ${(perSecond(csv) / perSecond(copy)).toFixed(2)}`);
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const dataDir = path.join(repoRoot, '.data', 'bench-export');
  const stack = await startLocalStack({ dataDir, mode: 'test', env: process.env, log: console.log });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
  };
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const env = { ...process.env, ...stack.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' };
    await prepareDatabase(stack.env.DATABASE_URL);
    const { studio, warmOwner, pdfOwner } = await seedOwners(stack.env.DATABASE_URL, opts);

    // The table's own columns: the baselines COPY and read them bare, so the joined columns
    // (session type, contact names) stay out and the numbers compare with earlier runs.
    const fields = exportKeys('sessions').filter((key) => !isDerivedColumn('sessions', key));
    const payload: PayloadOf = (owner, format) => ({
      ...owner,
      entity: 'sessions',
      format,
      fields,
      csvDialect: 'rfc4180',
      timeZone: 'Europe/Paris',
      mode: 'async',
    });
    const input = { ownerId: studio.ownerId, entity: 'sessions', fields, warmOwner };

    console.log('Measuring (baselines: one child process per step; csv and xlsx: a real exports worker)...');
    const started = performance.now();
    await runStep('copy', input, env); // the table and index into shared buffers, tsx's cache filled
    const copy = await runStep('copy', input, env);
    const exceljs = await runStep('exceljs', input, env);
    const onWorker = await measureOnWorker(env, dataDir, { payload, studio, warmOwner });
    const pdf = pdfOwner
      ? await runStep(
          'render',
          {
            ownerId: pdfOwner.ownerId,
            entity: 'sessions',
            fields,
            warmOwner,
            jobRunId: crypto.randomUUID(),
            payload: payload(pdfOwner, 'pdf'),
          },
          env,
        )
      : undefined;
    report(opts, { fields, started, copy, exceljs, pdf }, onWorker);
  } finally {
    await stop();
  }
}

main().catch((err: Error) => {
  console.error(`bench:export: ${err.message}`);
  process.exit(1);
});
