// Benchmark: domain events through the outbox relay and the trigger evaluation, against the
// Temporal engine's own floor on this machine, measured in the same run.
//
//   npx tsx bench/triggers.ts [N] [--rate R] [--seconds S]      (or: npm run bench:triggers -- N)
//   default N = 10 000 events; the latency phase runs R = 50 events/s for S = 20 s.
//
// Starts its own throw-away stack under .data/bench-triggers, migrates and seeds it, creates 10
// studios with 50 active CONTACT_CREATED triggers each (bench/triggers-data.ts), then:
//   1. baseline: N no-op workflows started (10 at a time, as the outbox relay starts) and completed
//      on their own worker process (bench/noop-worker.ts): workflows/s;
//   2. the real worker (workers/main.ts compiled by tsc, docker-compose's `worker` settings: the
//      outbox relay and the evaluation workflow and activities), warmed with 100 events;
//   3. latency: R contacts per second for S seconds, created as the api creates them (the row
//      and its outbox event in one transaction); per event, its last execution row's created_at
//      minus the moment its transaction committed: p50, p95, max;
//   4. throughput: N contacts created the same way, 8 at a time, as fast as they can be;
//      timed from the first write to the last execution row.
// Every event is checked: exactly the executions its conditions call for (all SKIPPED, none
// FAILED), one COMPLETED triggers.evaluate job with the right summary, the outbox row dispatched.
// Prints events/s, workflows/s, latencies, CPU per process, peak RSS and the machine's load;
// last line `ratio: N.NN` = events/s of step 3 / workflows/s of step 1. Targets: ratio >= 0.5,
// p95 < 2 s at 50 events/s. Everything it started is stopped at the end, on error and on Ctrl-C.
//   BENCH_WORKER_NODE_OPTIONS='--max-old-space-size=256'   the worker's NODE_OPTIONS instead of docker-compose's
//   BENCH_WORKER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'   node flags for the worker (a CPU profile per thread)
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { type Sequelize } from 'sequelize-typescript';
import { QueryTypes } from 'sequelize';
import { createMigrator } from '../db/migrator';
import { seedDatabase } from '../db/seed';
import { createSequelize } from '../db/sequelize';
import { connectTemporal } from '../lib/temporal';
import { startLocalStack } from '../scripts/stack/stack';
import { OUTBOX_RELAY_DEFAULTS } from '../workers/outbox-relay';
import { compileWorker } from './export-worker';
import { cpuPerItem, cpuShares, findProcess, memoryKb, treeCpu, type TreeCpu } from './process-tree';
import { inLanes, runNoopWorkflows, startNoopWorker } from './triggers-baseline';
import { createBenchContact, createStudio, mustHold, type Studio, TRIGGERS_PER_STUDIO } from './triggers-data';
import { composeWorkerEnv, type RunningWorker, startWorker } from './triggers-worker';

const repoRoot = path.resolve(__dirname, '..');
const STUDIOS = 10;
/** Events written at once in the throughput phase: an api with a few requests in flight. */
const WRITERS = 8;
/** Starts in flight in the baseline: as many as the outbox relay starts at once. */
const BASELINE_CONCURRENCY = OUTBOX_RELAY_DEFAULTS.startConcurrency;
const WARM_UP = 100;

interface Options {
  events: number;
  rate: number;
  seconds: number;
}

/** One event written by the bench: contact index, studio, the contact's id, when its transaction committed. */
interface Written {
  j: number;
  studio: Studio;
  contactId: string;
  committedAt: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { events: 10_000, rate: 50, seconds: 20 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--rate') opts.rate = Number(argv[++i]);
    else if (arg === '--seconds') opts.seconds = Number(argv[++i]);
    else if (/^\d+$/.test(arg)) opts.events = Number(arg);
    else throw new Error(`Unknown argument "${arg}". Usage: npx tsx bench/triggers.ts [N] [--rate R] [--seconds S]`);
  }
  if (!Number.isInteger(opts.events) || opts.events < 1) throw new Error('N must be a positive integer');
  if (!(opts.rate > 0 && opts.rate <= 1000) || !(opts.seconds > 0 && opts.seconds <= 600)) throw new Error('--rate must be in (0, 1000] and --seconds in (0, 600]');
  return opts;
}

const count = async (sequelize: Sequelize, sql: string, bind: unknown[] = []) => (await sequelize.query<{ n: number }>(sql, { bind, type: QueryTypes.SELECT }))[0].n;

/**
 * Waits until the executions table holds `total` rows, failing when it does not grow for 60 s or
 * the worker dies; returns the latest created_at (epoch ms).
 */
async function waitForExecutions(sequelize: Sequelize, worker: RunningWorker, total: number): Promise<number> {
  let last = -1;
  let lastProgress = Date.now();
  for (;;) {
    const n = await count(sequelize, 'SELECT count(*)::int AS n FROM workflow_trigger_executions');
    if (n > total) throw new Error(`${n} execution rows, more than the ${total} expected`);
    if (n === total) break;
    if (n !== last) [last, lastProgress] = [n, Date.now()];
    if (Date.now() - lastProgress > 60_000) throw new Error(`execution rows stuck at ${n} of ${total} for 60 s`);
    worker.assertAlive();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [{ ms }] = await sequelize.query<{ ms: number }>('SELECT extract(epoch FROM max(created_at)) * 1000 AS ms FROM workflow_trigger_executions', { type: QueryTypes.SELECT });
  return Number(ms);
}

/**
 * Checks every event of `written` once its job has ended: exactly the executions its conditions
 * call for, all SKIPPED; one COMPLETED triggers.evaluate job with the matching summary; its outbox
 * row dispatched. Waits (up to 60 s) for the jobs' completion bookkeeping, which follows the rows.
 */
async function checkEvents(sequelize: Sequelize, written: Written[]): Promise<void> {
  const ids = written.map((w) => w.contactId);
  const deadline = Date.now() + 60_000;
  while ((await count(sequelize, "SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'triggers.evaluate' AND entity_id = ANY($1::text[]) AND status <> 'RUNNING'", [ids])) < ids.length) {
    if (Date.now() > deadline) throw new Error('evaluation jobs still RUNNING 60 s after their execution rows');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const executions = await sequelize.query<{ trigger_id: string; entity_id: string; status: string; error_message: string | null }>(
    'SELECT trigger_id::text, entity_id::text, status, error_message FROM workflow_trigger_executions WHERE entity_id = ANY($1::uuid[])',
    { bind: [ids], type: QueryTypes.SELECT },
  );
  const jobs = await sequelize.query<{ entity_id: string; status: string; result: Record<string, unknown> | null }>(
    "SELECT entity_id::text, status, result FROM job_runs WHERE job_name = 'triggers.evaluate' AND entity_id = ANY($1::text[])",
    { bind: [ids], type: QueryTypes.SELECT },
  );
  const undispatched = await count(sequelize, 'SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = ANY($1::uuid[]) AND (dispatched_at IS NULL OR attempts <> 1)', [ids]);
  if (undispatched) throw new Error(`${undispatched} outbox events not dispatched exactly once`);

  const byContact = new Map<string, typeof executions>();
  for (const e of executions) byContact.set(e.entity_id, [...(byContact.get(e.entity_id) ?? []), e]);
  const jobByContact = new Map<string, (typeof jobs)[number][]>();
  for (const job of jobs) jobByContact.set(job.entity_id, [...(jobByContact.get(job.entity_id) ?? []), job]);
  for (const w of written) {
    const expected = w.studio.triggerIds.filter((_, i) => mustHold(i, w.j)).sort();
    const rows = byContact.get(w.contactId) ?? [];
    const actual = rows.map((r) => r.trigger_id).sort();
    if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`contact ${w.j}: executions of ${actual.length} triggers, expected ${expected.length} (${JSON.stringify({ actual, expected })})`);
    const wrong = rows.find((r) => r.status !== 'SKIPPED');
    if (wrong) throw new Error(`contact ${w.j}: an execution is ${wrong.status} (${wrong.error_message ?? 'no message'})`);
    const contactJobs = jobByContact.get(w.contactId) ?? [];
    if (contactJobs.length !== 1) throw new Error(`contact ${w.j}: ${contactJobs.length} evaluation jobs, expected 1`);
    const [job] = contactJobs;
    const summary = { eventType: 'CONTACT_CREATED', triggers: TRIGGERS_PER_STUDIO, applied: 0, skipped: expected.length, failed: 0 };
    if (job.status !== 'COMPLETED' || !isDeepStrictEqual(job.result, summary)) throw new Error(`contact ${w.j}: job ${job.status} with ${JSON.stringify(job.result)}, expected COMPLETED with ${JSON.stringify(summary)}`);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (kb: number | null) => (kb ? `${(kb / 1024).toFixed(0)} MB` : 'n/a');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const dataDir = path.join(repoRoot, '.data', 'bench-triggers');
  const logDir = path.join(dataDir, 'logs');
  const stack = await startLocalStack({ dataDir, mode: 'test', env: process.env, log: console.log });
  const cleanups: (() => Promise<void>)[] = [];
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: Error) => console.error(`bench:triggers: cleanup: ${err.message}`));
    await stack.stop();
  };
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const env = { ...process.env, ...stack.env, NODE_ENV: 'production', LOG_LEVEL: 'info' };
    const sequelize = createSequelize({ url: stack.env.DATABASE_URL, poolMax: WRITERS + 2 });
    cleanups.push(() => sequelize.close());
    await createMigrator(sequelize).up();
    await seedDatabase(sequelize);
    const temporal = await connectTemporal({ TEMPORAL_ADDRESS: stack.env.TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE: 'default' });
    cleanups.push(() => temporal.connection.close());
    const studios: Studio[] = [];
    for (let s = 0; s < STUDIOS; s++) studios.push(await createStudio(sequelize, `Studio ${s + 1}`));
    const pgPort = new URL(stack.env.DATABASE_URL).port;
    const temporalPort = stack.env.TEMPORAL_ADDRESS.split(':').pop()!;
    const roots = { temporal: findProcess('start-dev', `--port ${temporalPort} `), postgres: findProcess('bin/postgres', `-p ${pgPort} `) };
    const cpuNow = (extra: Record<string, number | undefined>): TreeCpu => {
      const usage = process.cpuUsage();
      return { ...treeCpu({ ...roots, ...extra }), 'bench (this process)': (usage.user + usage.system) / 1000 };
    };
    const loads: string[] = [`start ${load()}`];

    // 1. Baseline: the engine's own floor.
    console.log(`Baseline: ${opts.events} no-op workflows, ${BASELINE_CONCURRENCY} starts in flight...`);
    const noop = await startNoopWorker(env, path.join(logDir, 'noop-worker.log'));
    cleanups.push(() => noop.stop());
    await runNoopWorkflows(temporal.client, noop, 'bench-noop-warm-up', WARM_UP, BASELINE_CONCURRENCY, 60_000);
    let cpuBefore = cpuNow({ 'no-op worker': noop.pid });
    const baseline = await runNoopWorkflows(temporal.client, noop, 'bench-noop', opts.events, BASELINE_CONCURRENCY, 60_000 + opts.events * 50);
    let cpuAfter = cpuNow({ 'no-op worker': noop.pid });
    const baselineCpu = `${cpuShares(cpuBefore, cpuAfter, baseline.seconds)}; per workflow ${cpuPerItem(cpuBefore, cpuAfter, opts.events)}`;
    loads.push(`after the baseline ${load()}`);
    await noop.stop();

    // 2. The real worker, warmed up.
    console.log('Compiling the worker (tsc) and starting it...');
    const workerEnv = { ...env, ...composeWorkerEnv(), ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}) };
    const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const worker = await startWorker(compileWorker(path.join(dataDir, 'dist')), workerEnv, path.join(logDir, 'worker.log'), nodeArgs);
    cleanups.push(() => worker.stop());
    let next = 0;
    const write = async (): Promise<Written> => {
      const j = next++;
      const studio = studios[j % studios.length];
      const contactId = await createBenchContact(sequelize, studio, j);
      return { j, studio, contactId, committedAt: Date.now() };
    };
    const expectedRows = (from: number, to: number) => {
      let rows = 0;
      for (let j = from; j < to; j++) for (let i = 0; i < TRIGGERS_PER_STUDIO; i++) if (mustHold(i, j)) rows += 1;
      return rows;
    };
    const writeMany = async (total: number): Promise<Written[]> => {
      const written: Written[] = [];
      await inLanes(total, WRITERS, async () => void written.push(await write()));
      return written;
    };
    const warmUp = await writeMany(WARM_UP);
    await waitForExecutions(sequelize, worker, expectedRows(0, next));
    await checkEvents(sequelize, warmUp);

    // 3. Latency at a steady rate, first: on a Temporal dev server that holds only the baseline's
    // workflows (its cost per workflow grows with what it holds, see docs/performance.md).
    const paced = Math.round(opts.rate * opts.seconds);
    console.log(`Latency: ${opts.rate} events/s for ${opts.seconds} s (${paced} events)...`);
    worker.resetPeak();
    cpuBefore = cpuNow({ worker: worker.pid });
    const pacedStart = performance.now();
    const pacedStartedAt = Date.now();
    const pending: Promise<Written>[] = [];
    for (let k = 0; k < paced; k++) {
      const due = pacedStart + (k * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(write());
    }
    const steady = await Promise.all(pending);
    const lateBy = performance.now() - pacedStart - (paced * 1000) / opts.rate;
    const pacedEnd = await waitForExecutions(sequelize, worker, expectedRows(0, next));
    cpuAfter = cpuNow({ worker: worker.pid });
    const latencyCpu = `${cpuShares(cpuBefore, cpuAfter, (pacedEnd - pacedStartedAt) / 1000)}; per event ${cpuPerItem(cpuBefore, cpuAfter, paced)}`;
    const latencyPeak = worker.peakRssKb();
    loads.push(`after the latency phase ${load()}`);
    await checkEvents(sequelize, steady);

    // 4. Throughput: N events as fast as they can be written.
    console.log(`Throughput: ${opts.events} events...`);
    worker.resetPeak();
    cpuBefore = cpuNow({ worker: worker.pid });
    const from = next;
    const started = Date.now();
    const burst = await writeMany(opts.events);
    const writtenSeconds = (Date.now() - started) / 1000;
    const lastRow = await waitForExecutions(sequelize, worker, expectedRows(0, next));
    const seconds = (lastRow - started) / 1000;
    cpuAfter = cpuNow({ worker: worker.pid });
    const throughputCpu = `${cpuShares(cpuBefore, cpuAfter, seconds)}; per event ${cpuPerItem(cpuBefore, cpuAfter, opts.events)}`;
    const throughputPeak = worker.peakRssKb();
    const rows = expectedRows(from, next);
    loads.push(`after the throughput phase ${load()}`);
    await checkEvents(sequelize, burst);

    const lastRows = await sequelize.query<{ entity_id: string; ms: number }>(
      'SELECT entity_id::text, extract(epoch FROM max(created_at)) * 1000 AS ms FROM workflow_trigger_executions WHERE entity_id = ANY($1::uuid[]) GROUP BY entity_id',
      { bind: [steady.map((w) => w.contactId)], type: QueryTypes.SELECT },
    );
    const lastByContact = new Map(lastRows.map((r) => [r.entity_id, Number(r.ms)]));
    const latencies = steady.map((w) => lastByContact.get(w.contactId)! - w.committedAt).sort((a, b) => a - b);
    const workerLifetimePeak = worker.lifetimePeakKb();
    const temporalRss = roots.temporal ? memoryKb(roots.temporal, 'VmRSS') : null;
    await worker.stop();

    const perSecond = opts.events / seconds;
    const ratio = perSecond / baseline.perSecond;
    const p95 = percentile(latencies, 95);
    console.log('');
    console.log(`bench:triggers  N=${opts.events} events, ${STUDIOS} studios x ${TRIGGERS_PER_STUDIO} active CONTACT_CREATED triggers  node ${process.version}  ${os.availableParallelism()} CPUs`);
    console.log(`baseline    ${baseline.workflows} no-op workflows in ${baseline.seconds.toFixed(2)} s: ${baseline.perSecond.toFixed(1)} workflows/s  (CPU: ${baselineCpu})`);
    console.log(`throughput  ${opts.events} events (written in ${writtenSeconds.toFixed(2)} s) evaluated, ${rows} SKIPPED executions, in ${seconds.toFixed(2)} s: ${perSecond.toFixed(1)} events/s  (CPU: ${throughputCpu})`);
    console.log(`latency     ${paced} events at ${opts.rate}/s (writes ended ${lateBy.toFixed(0)} ms late): commit to last execution row p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms  (CPU: ${latencyCpu})`);
    console.log(`checked     every event: its executions exactly as its conditions say (all SKIPPED, none FAILED), one COMPLETED evaluation job with that summary, its outbox row dispatched once`);
    console.log(`memory      worker peak RSS ${mb(throughputPeak)} (throughput), ${mb(latencyPeak)} (latency), ${mb(workerLifetimePeak)} over its life; this process ${mb(process.resourceUsage().maxRSS)}; Temporal dev server ${mb(temporalRss)} at the end`);
    console.log(`load        ${loads.join('; ')}`);
    console.log(`targets     ratio >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'}; p95 < 2000 ms at ${opts.rate} events/s: ${p95 < 2000 ? 'met' : 'NOT met'}`);
    console.log(`ratio: ${ratio.toFixed(2)}`);
  } finally {
    await stop();
  }
}

main().catch((err: Error) => {
  // Sequelize's errors keep PostgreSQL's message on `parent`.
  console.error(`bench:triggers: ${err.message || (err as { parent?: Error }).parent?.message}\n${err.stack ?? ''}`);
  process.exit(1);
});
