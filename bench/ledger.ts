// Benchmark: the ledger's integrity check (GET /api/ledger/integrity's query) against a plain
// read of the same rows.
//
//   npx tsx bench/ledger.ts [N]            (N records, default 3 000; or BENCH_LEDGER_N)
//   flock /tmp/bench.lock npx tsx bench/ledger.ts 3000   (on a shared machine: one bench at a time)
//
// Data (inserted in PostgreSQL, not measured): one studio with N/2 issued invoices of two lines and
// N/2 payments, chained as the migration's backfill chains rows (appendUnchainedLedgerRecords), and
// a DAY closure of their day, then VACUUM ANALYZE.
// Baseline: the same rows read by three plain statements in one go, nothing hashed: the chain's
// records in seq order, the invoices with their lines (json_agg) and the payments.
// Measured: checkLedgerIntegrity (pages of 1 000 records, each page's rows, every content and chain
// hash recomputed, the closure, the unchained rows), in this process. Each side runs once
// unmeasured, then 5 times; medians. Last line `ratio: N.NN` = the baseline's seconds / the
// check's. It starts its own throw-away stack under .data/bench-ledger.
import crypto from 'node:crypto';
import os from 'node:os';
import { type Pool } from 'pg';
import { appendUnchainedLedgerRecords } from '../db/commands/append-unchained-ledger-records';
import { closeLedgerPeriod } from '../db/commands/close-ledger-period';
import { checkLedgerIntegrity } from '../db/queries/ledger-integrity';
import { Cleanup, parseBenchArgs, runBench, startBenchDatabase, stopOnSignals, timed } from './harness';

const RUNS = 5;

/** The middle of the runs. */
const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];

/** A studio with `invoices` issued invoices of two lines on 2026-03-02 (Paris), each paid once. */
async function insertStudio(pool: Pool, invoices: number): Promise<string> {
  const org = (
    await pool.query<{ id: string }>(`INSERT INTO organizations (name) VALUES ('Bench ledger') RETURNING id`)
  ).rows[0].id;
  const owner = (
    await pool.query<{ id: string }>(
      `INSERT INTO users (id, org_id, email, password_hash, name, time_zone) VALUES ($1, $1, $2, 'not-a-hash', 'Bench ledger', 'Europe/Paris') RETURNING id`,
      [org, `bench-${crypto.randomUUID()}@bench.example`],
    )
  ).rows[0].id;
  await pool.query(
    `WITH drafts AS (
       INSERT INTO invoices (owner_id, title, amount, status, created_at)
       SELECT $1, 'Séance ' || g, 1310.00, 'DRAFT', timestamptz '2026-03-02 08:00Z' + g * interval '1 second' FROM generate_series(1, $2::int) AS g
       RETURNING id)
     INSERT INTO invoice_items (invoice_id, item_type, description, quantity, price_without_tax, price_with_tax, vat_percentage, total, display_order)
     SELECT d.id, 'SESSION_TYPE', l.description, 1, l.net, l.gross, l.rate, l.gross, l.n
     FROM drafts d, (VALUES (0, 'Séance', 1000.00, 1200.00, 20.00), (1, 'Tirages', 100.00, 110.00, 10.00)) AS l(n, description, net, gross, rate)`,
    [owner, invoices],
  );
  await pool.query(
    `UPDATE invoices i SET status = 'ISSUED', issued_at = i.created_at, number = 'F-2026-' || lpad(n.seq::text, 6, '0'),
       vat_amounts = '[{"vat_percentage":"10.00","base":"100.00","vat":"10.00"},{"vat_percentage":"20.00","base":"1000.00","vat":"200.00"}]',
       buyer = jsonb_build_object('name', 'Chloé Dubois', 'city', 'Lyon'), seller = jsonb_build_object('company_name', 'Studio Lumière')
     FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM invoices WHERE owner_id = $1) n
     WHERE n.id = i.id`,
    [owner],
  );
  await pool.query(
    `INSERT INTO invoice_payments (owner_id, invoice_id, amount, method, received_at, reference, created_at)
     SELECT owner_id, id, 1310.00, 'bank_transfer', issued_at + interval '1 hour', 'REF ' || number, issued_at + interval '1 hour' FROM invoices WHERE owner_id = $1`,
    [owner],
  );
  return owner;
}

/** The baseline: the rows the check reads, by three plain statements, nothing hashed. Answers how many rows. */
async function plainRead(pool: Pool, ownerId: string): Promise<number> {
  const records = await pool.query(
    'SELECT seq, record_type, record_id, recorded_at, content_hash, previous_hash, chain_hash FROM ledger_records WHERE owner_id = $1 ORDER BY seq',
    [ownerId],
  );
  const invoices = await pool.query(
    `SELECT i.*, (SELECT json_agg(it ORDER BY it.display_order) FROM invoice_items it WHERE it.invoice_id = i.id) AS lines
     FROM invoices i WHERE i.owner_id = $1 AND i.status <> 'DRAFT'`,
    [ownerId],
  );
  const payments = await pool.query('SELECT * FROM invoice_payments WHERE owner_id = $1', [ownerId]);
  return records.rowCount! + invoices.rowCount! + payments.rowCount!;
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  stopOnSignals(cleanup);
  const args = parseBenchArgs(
    process.argv.slice(2),
    process.env,
    'ledger.ts',
    Number(process.env.BENCH_LEDGER_N ?? 3000),
  );
  const invoices = Math.ceil(args.count / 2);
  try {
    const { sequelize, pool } = await startBenchDatabase('bench-ledger', 2, cleanup);
    console.log(`Inserting and chaining ${invoices} invoices and ${invoices} payments...`);
    let started = performance.now();
    const ownerId = await insertStudio(pool, invoices);
    const chained = await sequelize.transaction((t) =>
      appendUnchainedLedgerRecords(sequelize, ownerId, t, { recordedAt: 'source' }),
    );
    await closeLedgerPeriod(sequelize, ownerId, { kind: 'DAY', start: '2026-03-02' });
    for (const table of ['invoices', 'invoice_items', 'invoice_payments', 'ledger_records'])
      await pool.query(`VACUUM ANALYZE ${table}`);
    console.log(`... ${chained.length} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const first = await checkLedgerIntegrity(sequelize, ownerId);
    if (!first.ok || first.recordsChecked !== chained.length || first.closuresChecked !== 1)
      throw new Error(`the check did not hold: ${JSON.stringify(first)}`);
    const rows = await plainRead(pool, ownerId);
    started = performance.now();
    const plain: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      plain.push((await timed(() => plainRead(pool, ownerId))).seconds);
      const check = await timed(() => checkLedgerIntegrity(sequelize, ownerId));
      if (!check.value.ok) throw new Error('the check broke');
      checks.push(check.seconds);
    }
    const runs = (values: number[]) =>
      `median ${median(values).toFixed(3)} s  (${values.map((v) => v.toFixed(3)).join(', ')})`;
    console.log('');
    console.log(
      `bench:ledger  N=${chained.length} records (${invoices} invoices of 2 lines, ${invoices} payments), 1 closure  node ${process.version}  ${os.availableParallelism()} CPUs  (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    console.log(`baseline  plain read of the same ${rows} rows (3 statements, nothing hashed)   ${runs(plain)}`);
    console.log(
      `check     checkLedgerIntegrity (hashes recomputed, closure, unchained rows)   ${runs(checks)}  ${(chained.length / median(checks)).toFixed(0)} records/s`,
    );
    console.log(
      `load      ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`ratio: ${(median(plain) / median(checks)).toFixed(2)}`);
  } finally {
    await cleanup.run();
  }
}

runBench(main);
