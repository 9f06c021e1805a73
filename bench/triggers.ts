// Benchmark: domain events through the outbox relay and the trigger evaluation, against the
// Temporal engine's own floor on this machine, measured in the same run.
//
//   npx tsx bench/triggers.ts [N] [--rate R] [--seconds S]      (or: npm run bench:triggers -- N)
//   default N = 10 000 events; the latency phase runs R = 50 events/s for S = 20 s.
//
// Starts its own throw-away stack under .data/bench-triggers, migrates and seeds it, creates 10
// studios with 50 active CONTACT_CREATED triggers each (bench/triggers-data.ts), then, with the
// real worker (workers/main.ts compiled by tsc, docker-compose's `worker` settings: the outbox
// relay and the evaluation workflow and activities) warmed with 100 events each time it starts:
//   1. latency: R contacts per second for S seconds, created as the api creates them (the row
//      and its outbox event in one transaction); per event, its last execution row's created_at
//      minus the moment its transaction committed: p50, p95, max;
//   2. baseline (worker stopped): N no-op workflows started (10 at a time, as the outbox relay
//      starts) and completed on their own worker process (bench/noop-worker.ts): workflows/s;
//   3. throughput (worker started again): N contacts created the same way, 8 at a time, as fast
//      as they can be; timed from the first write to the last execution row.
// Every event is checked: exactly the executions its conditions call for (all SKIPPED, none
// FAILED), one COMPLETED triggers.evaluate job with the right summary, the outbox row dispatched.
// Prints events/s, workflows/s, latencies, CPU per process, peak RSS and the machine's load;
// last line `ratio: N.NN` = events/s of step 3 / workflows/s of step 2. Targets (issue 43): ratio >=
// 0.8, p95 < 1 s at 50 events/s, the worker's peak RSS under 500 MB in both phases. Everything it started is stopped at the end, on error and on Ctrl-C.
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
  if (!(opts.rate > 0 && opts.rate <= 1000) || !(opts.seconds > 0 && opts.seconds <= 600))
    throw new Error('--rate must be in (0, 1000] and --seconds in (0, 600]');
  return opts;
}

const count = async (sequelize: Sequelize, sql: string, bind: unknown[] = []) =>
  (await sequelize.query<{ n: number }>(sql, { bind, type: QueryTypes.SELECT }))[0].n;

/** docker-compose's `worker` settings over `env` (BENCH_WORKER_NODE_OPTIONS replaces its NODE_OPTIONS), printed. */
function benchWorkerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const workerEnv: NodeJS.ProcessEnv = {
    ...env,
    ...composeWorkerEnv(),
    ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}),
  };
  const shown = [
    'WORKER_TASK_QUEUES',
    'WORKER_WORKFLOWS_IN_MAIN_THREAD',
    'NODE_OPTIONS',
    'MALLOC_ARENA_MAX',
    'WORKER_HEAP_GROWING_PERCENT',
  ];
  console.log(`Worker settings: ${shown.map((k) => `${k}=${workerEnv[k] ?? ''}`).join(' ')}`);
  return workerEnv;
}

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
  const [{ ms }] = await sequelize.query<{ ms: number }>(
    'SELECT extract(epoch FROM max(created_at)) * 1000 AS ms FROM workflow_trigger_executions',
    { type: QueryTypes.SELECT },
  );
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
  while (
    (await count(
      sequelize,
      "SELECT count(*)::int AS n FROM job_runs WHERE job_name = 'triggers.evaluate' AND entity_id = ANY($1::text[]) AND status <> 'RUNNING'",
      [ids],
    )) < ids.length
  ) {
    if (Date.now() > deadline) throw new Error('evaluation jobs still RUNNING 60 s after their execution rows');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const executions = await sequelize.query<{
    trigger_id: string;
    entity_id: string;
    status: string;
    error_message: string | null;
  }>(
    'SELECT trigger_id::text, entity_id::text, status, error_message FROM workflow_trigger_executions WHERE entity_id = ANY($1::uuid[])',
    { bind: [ids], type: QueryTypes.SELECT },
  );
  const jobs = await sequelize.query<{ entity_id: string; status: string; result: Record<string, unknown> | null }>(
    "SELECT entity_id::text, status, result FROM job_runs WHERE job_name = 'triggers.evaluate' AND entity_id = ANY($1::text[])",
    { bind: [ids], type: QueryTypes.SELECT },
  );
  const undispatched = await count(
    sequelize,
    'SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = ANY($1::uuid[]) AND (dispatched_at IS NULL OR attempts <> 1)',
    [ids],
  );
  if (undispatched) throw new Error(`${undispatched} outbox events not dispatched exactly once`);

  const byContact = new Map<string, typeof executions>();
  for (const e of executions) byContact.set(e.entity_id, [...(byContact.get(e.entity_id) ?? []), e]);
  const jobByContact = new Map<string, (typeof jobs)[number][]>();
  for (const job of jobs) jobByContact.set(job.entity_id, [...(jobByContact.get(job.entity_id) ?? []), job]);
  for (const w of written) {
    const expected = w.studio.triggerIds.filter((_, i) => mustHold(i, w.j)).sort();
    const rows = byContact.get(w.contactId) ?? [];
    const actual = rows.map((r) => r.trigger_id).sort();
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      throw new Error(
        `contact ${w.j}: executions of ${actual.length} triggers, expected ${expected.length} (${JSON.stringify({ actual, expected })})`,
      );
    const wrong = rows.find((r) => r.status !== 'SKIPPED');
    if (wrong)
      throw new Error(`contact ${w.j}: an execution is ${wrong.status} (${wrong.error_message ?? 'no message'})`);
    const contactJobs = jobByContact.get(w.contactId) ?? [];
    if (contactJobs.length !== 1) throw new Error(`contact ${w.j}: ${contactJobs.length} evaluation jobs, expected 1`);
    const [job] = contactJobs;
    const summary = {
      eventType: 'CONTACT_CREATED',
      triggers: TRIGGERS_PER_STUDIO,
      applied: 0,
      skipped: expected.length,
      failed: 0,
    };
    if (job.status !== 'COMPLETED' || !isDeepStrictEqual(job.result, summary))
      throw new Error(
        `contact ${w.j}: job ${job.status} with ${JSON.stringify(job.result)}, expected COMPLETED with ${JSON.stringify(summary)}`,
      );
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (kb: number | null) => (kb ? `${(kb / 1024).toFixed(0)} MB` : 'n/a');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** What each phase needs: the bench's connections and counters, and the worker's settings. */
interface Bench {
  opts: Options;
  sequelize: Sequelize;
  studios: Studio[];
  /** Contacts written so far (the next contact's index j). */
  next: number;
  cpuNow(extra: Record<string, number | undefined>): TreeCpu;
  startRealWorker(): Promise<RunningWorker>;
}

/** Rows the conditions call for on contacts from..to-1 (every studio has the same triggers). */
function expectedRows(from: number, to: number): number {
  let rows = 0;
  for (let j = from; j < to; j++) for (let i = 0; i < TRIGGERS_PER_STUDIO; i++) if (mustHold(i, j)) rows += 1;
  return rows;
}

async function write(b: Bench): Promise<Written> {
  const j = b.next++;
  const studio = b.studios[j % b.studios.length];
  const contactId = await createBenchContact(b.sequelize, studio, j);
  return { j, studio, contactId, committedAt: Date.now() };
}

async function writeMany(b: Bench, total: number): Promise<Written[]> {
  const written: Written[] = [];
  await inLanes(total, WRITERS, async () => void written.push(await write(b)));
  return written;
}

/** Starts the real worker and runs WARM_UP events through it, checked, unmeasured. */
async function warmWorker(b: Bench): Promise<RunningWorker> {
  const worker = await b.startRealWorker();
  const warmUp = await writeMany(b, WARM_UP);
  await waitForExecutions(b.sequelize, worker, expectedRows(0, b.next));
  await checkEvents(b.sequelize, warmUp);
  worker.resetPeak();
  return worker;
}

/** R events per second for S seconds; per event, commit to its last execution row. */
async function latencyPhase(b: Bench, worker: RunningWorker) {
  const { rate, seconds } = b.opts;
  const paced = Math.round(rate * seconds);
  console.log(`Latency: ${rate} events/s for ${seconds} s (${paced} events)...`);
  const cpuBefore = b.cpuNow({ worker: worker.pid });
  const pacedStart = performance.now();
  const startedAt = Date.now();
  const pending: Promise<Written>[] = [];
  for (let k = 0; k < paced; k++) {
    const wait = pacedStart + (k * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(write(b));
  }
  const steady = await Promise.all(pending);
  const lateBy = performance.now() - pacedStart - (paced * 1000) / rate;
  const end = await waitForExecutions(b.sequelize, worker, expectedRows(0, b.next));
  const cpuAfter = b.cpuNow({ worker: worker.pid });
  const peakKb = worker.peakRssKb();
  await checkEvents(b.sequelize, steady);
  const lastRows = await b.sequelize.query<{ entity_id: string; ms: number }>(
    'SELECT entity_id::text, extract(epoch FROM max(created_at)) * 1000 AS ms FROM workflow_trigger_executions WHERE entity_id = ANY($1::uuid[]) GROUP BY entity_id',
    { bind: [steady.map((w) => w.contactId)], type: QueryTypes.SELECT },
  );
  const lastByContact = new Map(lastRows.map((r) => [r.entity_id, Number(r.ms)]));
  const latencies = steady.map((w) => lastByContact.get(w.contactId)! - w.committedAt).sort((x, y) => x - y);
  return {
    events: paced,
    lateBy,
    latencies,
    p95: percentile(latencies, 95),
    cpu: `${cpuShares(cpuBefore, cpuAfter, (end - startedAt) / 1000)}; per event ${cpuPerItem(cpuBefore, cpuAfter, paced)}`,
    peakKb,
  };
}

/** N events written as fast as WRITERS can; from the first write to the last execution row. */
async function throughputPhase(b: Bench, worker: RunningWorker) {
  const n = b.opts.events;
  console.log(`Throughput: ${n} events...`);
  const cpuBefore = b.cpuNow({ worker: worker.pid });
  const from = b.next;
  const started = Date.now();
  const burst = await writeMany(b, n);
  const writtenSeconds = (Date.now() - started) / 1000;
  const lastRow = await waitForExecutions(b.sequelize, worker, expectedRows(0, b.next));
  const seconds = (lastRow - started) / 1000;
  const cpuAfter = b.cpuNow({ worker: worker.pid });
  const peakKb = worker.peakRssKb();
  await checkEvents(b.sequelize, burst);
  return {
    seconds,
    writtenSeconds,
    perSecond: n / seconds,
    rows: expectedRows(from, b.next),
    cpu: `${cpuShares(cpuBefore, cpuAfter, seconds)}; per event ${cpuPerItem(cpuBefore, cpuAfter, n)}`,
    peakKb,
  };
}

/** The engine's own floor: no-op workflows on a worker of their own, warmed up, then measured with their CPU. */
async function baselinePhase(
  b: Bench,
  {
    client,
    env,
    logDir,
    cleanups,
  }: {
    client: Awaited<ReturnType<typeof connectTemporal>>['client'];
    env: NodeJS.ProcessEnv;
    logDir: string;
    cleanups: (() => Promise<void>)[];
  },
) {
  const { opts } = b;
  const noop = await startNoopWorker(env, path.join(logDir, 'noop-worker.log'));
  cleanups.push(() => noop.stop());
  await runNoopWorkflows(client, noop, 'bench-noop-warm-up', WARM_UP, BASELINE_CONCURRENCY, 60_000);
  const cpuBefore = b.cpuNow({ 'no-op worker': noop.pid });
  const baseline = await runNoopWorkflows(
    client,
    noop,
    'bench-noop',
    opts.events,
    BASELINE_CONCURRENCY,
    60_000 + opts.events * 50,
  );
  const cpuAfter = b.cpuNow({ 'no-op worker': noop.pid });
  const baselineCpu = `${cpuShares(cpuBefore, cpuAfter, baseline.seconds)}; per workflow ${cpuPerItem(cpuBefore, cpuAfter, opts.events)}`;
  await noop.stop();
  return { baseline, baselineCpu };
}

function report(
  opts: Bench['opts'],
  {
    latency,
    baseline,
    baselineCpu,
    throughput,
    lifetimePeakKb,
    temporalRss,
    loads,
  }: {
    latency: Awaited<ReturnType<typeof latencyPhase>>;
    baseline: Awaited<ReturnType<typeof runNoopWorkflows>>;
    baselineCpu: string;
    throughput: Awaited<ReturnType<typeof throughputPhase>>;
    lifetimePeakKb: number;
    temporalRss: number | null;
    loads: string[];
  },
): void {
  const ratio = throughput.perSecond / baseline.perSecond;
  const { latencies, p95 } = latency;
  console.log('');
  console.log(
    `bench:triggers  N=${opts.events} events, ${STUDIOS} studios x ${TRIGGERS_PER_STUDIO} active CONTACT_CREATED triggers  node ${process.version}  ${os.availableParallelism()} CPUs`,
  );
  console.log(
    `latency     ${latency.events} events at ${opts.rate}/s (writes ended ${latency.lateBy.toFixed(0)} ms late): commit to last execution row p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms  (CPU: ${latency.cpu})`,
  );
  console.log(
    `baseline    ${baseline.workflows} no-op workflows in ${baseline.seconds.toFixed(2)} s: ${baseline.perSecond.toFixed(1)} workflows/s  (CPU: ${baselineCpu})`,
  );
  console.log(
    `throughput  ${opts.events} events (written in ${throughput.writtenSeconds.toFixed(2)} s) evaluated, ${throughput.rows} SKIPPED executions, in ${throughput.seconds.toFixed(2)} s: ${throughput.perSecond.toFixed(1)} events/s  (CPU: ${throughput.cpu})`,
  );
  console.log(
    `checked     every event: its executions exactly as its conditions say (all SKIPPED, none FAILED), one COMPLETED evaluation job with that summary, its outbox row dispatched once`,
  );
  console.log(
    `memory      worker peak RSS ${mb(latency.peakKb)} (latency), ${mb(throughput.peakKb)} (throughput), ${mb(lifetimePeakKb)} over its lives; this process ${mb(process.resourceUsage().maxRSS)}; Temporal dev server ${mb(temporalRss)} at the end`,
  );
  console.log(`load        ${loads.join('; ')}`);
  console.log(
    `targets     ratio >= 0.8: ${met(ratio >= 0.8)}; p95 < 1000 ms at ${opts.rate} events/s: ${met(p95 < 1000)}; worker peak RSS < 500 MB: ${met(Math.max(latency.peakKb, throughput.peakKb) < 500 * 1024)}`,
  );
  console.log(`ratio: ${ratio.toFixed(2)}`);
}

const met = (held: boolean) => (held ? 'met' : 'NOT met');

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
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((err: Error) => console.error(`bench:triggers: cleanup: ${err.message}`));
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
    const temporal = await connectTemporal({
      TEMPORAL_ADDRESS: stack.env.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: 'default',
    });
    cleanups.push(() => temporal.connection.close());
    const studios: Studio[] = [];
    for (let s = 0; s < STUDIOS; s++) studios.push(await createStudio(sequelize, `Studio ${s + 1}`));
    const pgPort = new URL(stack.env.DATABASE_URL).port;
    const temporalPort = stack.env.TEMPORAL_ADDRESS.split(':').pop()!;
    const roots = {
      temporal: findProcess('start-dev', `--port ${temporalPort} `),
      postgres: findProcess('bin/postgres', `-p ${pgPort} `),
    };
    const loads: string[] = [`start ${load()}`];

    console.log('Compiling the worker (tsc)...');
    const entry = compileWorker(path.join(dataDir, 'dist'));
    const workerEnv = benchWorkerEnv(env);
    const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    let workerStarts = 0;
    const b: Bench = {
      opts,
      sequelize,
      studios,
      next: 0,
      cpuNow(extra) {
        const usage = process.cpuUsage();
        return { ...treeCpu({ ...roots, ...extra }), 'bench (this process)': (usage.user + usage.system) / 1000 };
      },
      async startRealWorker() {
        const worker = await startWorker(entry, workerEnv, path.join(logDir, `worker-${++workerStarts}.log`), nodeArgs);
        cleanups.push(() => worker.stop());
        return worker;
      },
    };

    // 1. Latency at a steady rate, on a Temporal server that holds little yet: its cost per
    // workflow grows with the workflows it holds (docs/performance.md), so the baseline's N would
    // otherwise decide this figure.
    let worker = await warmWorker(b);
    const latency = await latencyPhase(b, worker);
    let lifetimePeakKb = worker.lifetimePeakKb() ?? 0;
    await worker.stop();
    loads.push(`after the latency phase ${load()}`);

    // 2. Baseline: the engine's own floor, before the trigger path's N workflows.
    console.log(`Baseline: ${opts.events} no-op workflows, ${BASELINE_CONCURRENCY} starts in flight...`);
    const { baseline, baselineCpu } = await baselinePhase(b, { client: temporal.client, env, logDir, cleanups });
    loads.push(`after the baseline ${load()}`);

    // 3. Throughput, on a worker started afresh and warmed up again.
    worker = await warmWorker(b);
    const throughput = await throughputPhase(b, worker);
    lifetimePeakKb = Math.max(lifetimePeakKb, worker.lifetimePeakKb() ?? 0);
    const temporalRss = roots.temporal ? memoryKb(roots.temporal, 'VmRSS') : null;
    await worker.stop();
    loads.push(`after the throughput phase ${load()}`);

    report(opts, { latency, baseline, baselineCpu, throughput, lifetimePeakKb, temporalRss, loads });
  } finally {
    await stop();
  }
}

main().catch((err: Error) => {
  // Sequelize's errors keep PostgreSQL's message on `parent`.
  console.error(`bench:triggers: ${err.message || (err as { parent?: Error }).parent?.message}\n${err.stack ?? ''}`);
  process.exit(1);
});
