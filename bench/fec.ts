// Benchmark: the accounting export (FEC) of a period against a COPY of the rows it reads.
//
//   npx tsx bench/fec.ts [N]            (N FEC lines, default 100 000; or BENCH_FEC_N)
//   flock /tmp/bench.lock npx tsx bench/fec.ts 100000   (on a shared machine: one bench at a time)
//
// Data (inserted in PostgreSQL, not measured): one French studio with ceil(N / 7) issued invoices
// of two lines (1 000.00 at 20 %, 100.00 at 10 %) with the VAT summary an issue keeps
// (invoices.vat_amounts), each paid once (card and transfer in turn), all in March 2026: 5 sales
// lines + 2 payment lines per invoice, so N FEC lines.
// Baseline: `COPY (SELECT ...) TO STDOUT` of the same rows the export reads (each invoice line with
// its invoice's number, day and buyer; each payment with its invoice's number), discarded.
// Measured: the renderAccountingExport activity (reads, FEC text, upload to S3, the
// file_objects row), in this process, as a worker runs it. Each side runs once unmeasured, then 3
// times; medians. The FEC is read back and checked (lines, balance per entry).
// Last line `ratio: N.NN` = COPY's seconds / the export's seconds (the export's speed as a share of
// COPY's); target >= 0.3. It starts its own throw-away stack under .data/bench-fec.
import crypto from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { DefaultLogger } from '@temporalio/worker';
import { MockActivityEnvironment } from '@temporalio/testing';
import { type Pool } from 'pg';
import { type Sequelize } from 'sequelize-typescript';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import pino from 'pino';
import {
  accountingFileChunks,
  createAccountingExportActivities,
  loadPeriodSources,
} from '../activities/accounting-export';
import { FEC_COLUMNS } from '../domain/accounting/fec';
import { invoiceVatAmounts } from '../domain/invoicing/stored-vat';
import { upsertExportFileObject } from '../db/commands/export-file-objects';
import { readAccountingAccounts, readAccountingPeriod, readJournalPeriod } from '../db/queries/accounting-export';
import { findCompanyProfile } from '../db/queries/company-profile';
import { loadConfig } from '../lib/config';
import { createS3Client } from '../lib/s3';
import { type AccountingExportPayload } from '../workflows/accounting-export/contract';
import { bindDb } from '../workers/bind-db';
import { type RenderedExport } from '../workflows/exports/contract';
import { Cleanup, parseBenchArgs, runBench, startBenchDatabase, stopOnSignals, timed } from './harness';

const LINES_PER_INVOICE = 7;
const RUNS = 3;

/** Each invoice's two lines. */
const BENCH_LINES = [
  { n: 0, description: 'Séance', net: '1000.00', gross: '1200.00', rate: '20.00' },
  { n: 1, description: 'Tirages', net: '100.00', gross: '110.00', rate: '10.00' },
];

/** A studio with `invoices` issued and paid invoices in March 2026 (and their VAT summaries, as an issue keeps them). */
async function insertStudio(pool: Pool, invoices: number): Promise<{ ownerId: string; orgId: string }> {
  const org = (await pool.query<{ id: string }>(`INSERT INTO organizations (name) VALUES ('Bench FEC') RETURNING id`))
    .rows[0].id;
  const owner = (
    await pool.query<{ id: string }>(
      'INSERT INTO users (id, org_id, email, password_hash, name) VALUES ($1, $1, $2, $3, $4) RETURNING id',
      [org, `bench-${crypto.randomUUID()}@bench.example`, 'not-a-hash', 'Bench FEC'],
    )
  ).rows[0].id;
  await pool.query(
    `INSERT INTO user_company (user_id, company_name, siren) VALUES ($1, 'Studio Lumière', '912345675')`,
    [owner],
  );
  const contact = (
    await pool.query<{ id: string }>(
      `INSERT INTO contacts (owner_id, first_name, last_name) VALUES ($1, 'Chloé', 'Dubois') RETURNING id`,
      [owner],
    )
  ).rows[0].id;
  // Drafts with their lines first (an issued invoice's lines are immutable), then issued.
  await pool.query(
    `WITH drafts AS (
       INSERT INTO invoices (owner_id, contact_id, title, amount, status, created_at)
       SELECT $1, $2, 'Séance ' || g, 1310.00, 'DRAFT', timestamptz '2026-03-01 08:00Z' + g * interval '20 seconds' FROM generate_series(1, $3::int) AS g
       RETURNING id)
     INSERT INTO invoice_items (invoice_id, item_type, description, quantity, price_without_tax, price_with_tax, vat_percentage, total, display_order)
     SELECT d.id, 'SESSION_TYPE', l.description, 1, l.net, l.gross, l.rate, l.gross, l.n
     FROM drafts d, jsonb_to_recordset($4::jsonb) AS l(n int, description text, net numeric, gross numeric, rate numeric)`,
    [owner, contact, invoices, JSON.stringify(BENCH_LINES)],
  );
  // Issued with the VAT summary an issue keeps (db/commands/issue-invoice.ts), from the same two lines by the same rule.
  const summary = invoiceVatAmounts(
    BENCH_LINES.map((l) => ({
      item_type: 'SESSION_TYPE',
      quantity: '1',
      price_with_tax: l.gross,
      price_without_tax: l.net,
      vat_percentage: l.rate,
    })),
  );
  await pool.query(
    `UPDATE invoices i SET status = 'ISSUED', issued_at = i.created_at, number = 'F-2026-' || lpad(n.seq::text, 6, '0'), vat_amounts = $2::jsonb,
       buyer = jsonb_build_object('name', 'Chloé Dubois'), payment_status = 'PAID', amount_paid = 1310.00, balance_due = 0
     FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM invoices WHERE owner_id = $1) n
     WHERE n.id = i.id`,
    [owner, JSON.stringify(summary)],
  );
  await pool.query(
    `INSERT INTO invoice_payments (owner_id, invoice_id, amount, method, received_at, reference)
     SELECT owner_id, id, 1310.00, CASE WHEN right(number, 1) IN ('0', '2', '4', '6', '8') THEN 'card' ELSE 'bank_transfer' END, issued_at + interval '1 hour', 'REF ' || number
     FROM invoices WHERE owner_id = $1`,
    [owner],
  );
  for (const table of ['invoices', 'invoice_items', 'invoice_payments']) await pool.query(`VACUUM ANALYZE ${table}`);
  return { ownerId: owner, orgId: org };
}

/** The baseline: the rows the export reads, as COPY writes them, discarded. Answers the rows. */
async function copyRows(pool: Pool, ownerId: string): Promise<number> {
  const client = await pool.connect();
  try {
    let rows = 0;
    const sink = () =>
      new Writable({
        write: (chunk: Buffer, _e, cb) => ((rows += chunk.toString('latin1').split('\n').length - 1), cb()),
      });
    const period = `>= timestamptz '2026-03-01 00:00 Europe/Paris' AND %s < timestamptz '2026-04-01 00:00 Europe/Paris'`;
    await pipeline(
      client.query(
        copyTo(
          `COPY (SELECT i.number, to_char(i.issued_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD'), i.buyer->>'name', i.contact_id, it.item_type, it.quantity, it.price_with_tax, it.price_without_tax, it.vat_percentage, it.discount_percentage, it.total
                 FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id WHERE i.owner_id = '${ownerId}' AND i.issued_at ${period.replace('%s', 'i.issued_at')}) TO STDOUT`,
        ),
      ),
      sink(),
    );
    await pipeline(
      client.query(
        copyTo(
          `COPY (SELECT p.id, p.kind, p.method, p.amount, to_char(p.received_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD'), p.reference, i.number, i.buyer->>'name', i.contact_id
                 FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE p.owner_id = '${ownerId}' AND p.received_at ${period.replace('%s', 'p.received_at')}) TO STDOUT`,
        ),
      ),
      sink(),
    );
    return rows;
  } finally {
    client.release();
  }
}

/** The FEC's own lines loaded into a table of 18 text columns, for the same-rows baseline. */
async function loadFecTable(pool: Pool, fecBody: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(
      `DROP TABLE IF EXISTS bench_fec_lines; CREATE TABLE bench_fec_lines (${FEC_COLUMNS.map((c) => `"${c}" text`).join(', ')})`,
    );
    // The FEC's cells hold no backslash, tab or line break, so its lines are COPY's text format as they are.
    const rows = fecBody.slice(fecBody.indexOf('\r\n') + 2).replaceAll('\r\n', '\n');
    await pipeline(Readable.from([rows]), client.query(copyFrom('COPY bench_fec_lines FROM STDIN')));
    await client.query('VACUUM ANALYZE bench_fec_lines');
  } finally {
    client.release();
  }
}

/** The baseline: the FEC's rows, as COPY writes them from that table, discarded. Answers the rows. */
async function copyFecRows(pool: Pool): Promise<number> {
  const client = await pool.connect();
  try {
    let rows = 0;
    await pipeline(
      client.query(copyTo('COPY bench_fec_lines TO STDOUT')),
      new Writable({
        write: (chunk: Buffer, _e, cb) => ((rows += chunk.toString('latin1').split('\n').length - 1), cb()),
      }),
    );
    return rows;
  } finally {
    client.release();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The FEC's lines, checked: the lines announced, every entry balanced. */
function checkedFecLines(body: string, expected: number, rowCount: number): string[] {
  const lines = body.slice(0, -2).split('\r\n').slice(1);
  const balance = new Map<string, number>();
  for (const l of lines) {
    const cells = l.split('\t');
    const cents = (s: string) => Number(s.replace(',', ''));
    balance.set(cells[2], (balance.get(cells[2]) ?? 0) + cents(cells[11]) - cents(cells[12]));
  }
  if (lines.length !== expected || rowCount !== lines.length)
    throw new Error(`the FEC has ${lines.length} lines (rowCount ${rowCount}), expected ${expected}`);
  if ([...balance.values()].some((v) => v !== 0)) throw new Error('an entry does not balance');
  return lines;
}

type Runs = { sameRows: number[]; sources: number[]; exports: number[]; copied: number };

/** RUNS of each, in turn: the COPY of the same rows, the COPY of the source rows, the export. */
async function measureRuns(
  pool: Pool,
  {
    ownerId,
    lineCount,
    exportOnce,
  }: { ownerId: string; lineCount: number; exportOnce: () => Promise<{ seconds: number }> },
): Promise<Runs> {
  const sameRows: number[] = [];
  const sources: number[] = [];
  const exports: number[] = [];
  let copied = 0;
  for (let i = 0; i < RUNS; i++) {
    const same = await timed(() => copyFecRows(pool));
    if (same.value !== lineCount) throw new Error(`COPY wrote ${same.value} rows, the FEC has ${lineCount}`);
    sameRows.push(same.seconds);
    const source = await timed(() => copyRows(pool, ownerId));
    sources.push(source.seconds);
    copied = source.value;
    exports.push((await exportOnce()).seconds);
  }
  return { sameRows, sources, exports, copied };
}

/** Where the time goes (one more run, by phase): the reads, the sources, the entries as text. */
async function phaseTimes(
  sequelize: Sequelize,
  accountingDb: Parameters<typeof loadPeriodSources>[0],
  payload: AccountingExportPayload,
) {
  const accounts = await readAccountingAccounts(sequelize, payload.ownerId);
  let t0 = performance.now();
  await readAccountingPeriod(sequelize, payload);
  const readMs = performance.now() - t0;
  t0 = performance.now();
  const periodSources = await loadPeriodSources(accountingDb, payload);
  const journalMs = performance.now() - t0 - readMs;
  t0 = performance.now();
  let chars = 0;
  for (const chunk of accountingFileChunks(periodSources, accounts, payload)) chars += chunk.length;
  const textMs = performance.now() - t0;
  return { readMs, journalMs, textMs, chars };
}

function report(
  {
    lineCount,
    invoices,
    started,
    sizeBytes,
  }: { lineCount: number; invoices: number; started: number; sizeBytes: number },
  { sameRows, sources, exports, copied }: Runs,
  { readMs, journalMs, textMs, chars }: Awaited<ReturnType<typeof phaseTimes>>,
): void {
  const copySeconds = median(sameRows);
  const sourceSeconds = median(sources);
  const exportSeconds = median(exports);
  const runs = (values: number[]) =>
    `median ${median(values).toFixed(3)} s  (${values.map((v) => v.toFixed(3)).join(', ')})`;
  console.log('');
  console.log(
    `bench:fec  N=${lineCount} FEC lines (${invoices} invoices, ${invoices} payments)  node ${process.version}  ${os.availableParallelism()} CPUs  (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(`baseline  COPY of the same ${lineCount} rows (18 text columns)   ${runs(sameRows)}`);
  console.log(
    `reference COPY of the ${copied} source rows the export reads   ${runs(sources)}  (export / this: ${(sourceSeconds / exportSeconds).toFixed(2)})`,
  );
  console.log(
    `fec       renderAccountingExport (to S3, ${(sizeBytes / 1048576).toFixed(1)} MB)   ${runs(exports)}  ${(lineCount / exportSeconds).toFixed(0)} lines/s`,
  );
  console.log(
    `phases    reads ${readMs.toFixed(0)} ms, sources ${Math.max(0, journalMs).toFixed(0)} ms, entries as FEC text ${textMs.toFixed(0)} ms (${chars} characters); the rest is the upload and file_objects`,
  );
  console.log(
    `load      ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`ratio: ${(copySeconds / exportSeconds).toFixed(2)}`);
}

async function main(): Promise<void> {
  const { count } = parseBenchArgs(
    process.argv.slice(2),
    process.env,
    'fec.ts',
    Number(process.env.BENCH_FEC_N ?? 100_000),
  );
  const invoices = Math.ceil(count / LINES_PER_INVOICE);
  const cleanup = new Cleanup();
  stopOnSignals(cleanup);
  try {
    const { sequelize, pool } = await startBenchDatabase('bench-fec', 2, cleanup);
    const config = loadConfig();
    console.log(`Inserting ${invoices} issued and paid invoices (${invoices * LINES_PER_INVOICE} FEC lines)...`);
    let started = performance.now();
    const studio = await insertStudio(pool, invoices);
    console.log(`... in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const s3 = createS3Client(config);
    cleanup.add('s3', async () => s3.destroy(), null);
    const accountingDb = {
      ...bindDb(sequelize, {
        readAccountingPeriod,
        readJournalPeriod,
        readAccountingAccounts,
        findCompanyProfile,
        upsertExportFileObject,
      }),
    };
    const activities = createAccountingExportActivities({
      ...accountingDb,
      s3,
      bucket: config.S3_BUCKET,
      logger: pino({ level: 'silent' }),
    });
    const env = new MockActivityEnvironment(
      { scheduledTimestampMs: Date.now(), attempt: 1 },
      { logger: new DefaultLogger('ERROR') },
    );
    const payload: AccountingExportPayload = {
      ...studio,
      from: '2026-03-01',
      to: '2026-03-31',
      format: 'fec',
      csvDialect: 'rfc4180',
      timeZone: 'Europe/Paris',
      mode: 'async',
    };
    const exportOnce = async () => {
      const t0 = performance.now();
      const file: RenderedExport = await env.run(activities.renderAccountingExport, {
        jobRunId: crypto.randomUUID(),
        payload,
      });
      return { seconds: (performance.now() - t0) / 1000, file };
    };

    console.log('Measuring (one unmeasured run of each, then 3 of each, in turn)...');
    started = performance.now();
    const first = await exportOnce();
    // The file is checked: the lines announced, every entry balanced.
    const body = await (
      await s3.send(new GetObjectCommand({ Bucket: config.S3_BUCKET, Key: first.file.key }))
    ).Body!.transformToString('utf8');
    const lines = checkedFecLines(body, invoices * LINES_PER_INVOICE, first.file.rowCount);
    await loadFecTable(pool, body);
    await copyFecRows(pool);
    await copyRows(pool, studio.ownerId);

    const runs = await measureRuns(pool, {
      ownerId: studio.ownerId,
      lineCount: lines.length,
      exportOnce,
    });

    const phases = await phaseTimes(sequelize, accountingDb, payload);

    report({ lineCount: lines.length, invoices, started, sizeBytes: first.file.sizeBytes }, runs, phases);
  } finally {
    await cleanup.run();
  }
}

runBench(main);
