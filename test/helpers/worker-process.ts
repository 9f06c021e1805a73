import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../../scripts/stack/wait';
import { repoRoot, testStackDir } from '../setup/paths';
import { readLogLines } from './log-lines';

/** A worker running as its own process, so a test can kill it like a crash would. */
export interface WorkerProcess {
  pid: number;
  /** JSON log lines the worker has written so far (a lane's worker: since this file took it). */
  logLines: () => Record<string, unknown>[];
  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs` if the process is still there. */
  kill: (signal: NodeJS.Signals, graceMs?: number) => Promise<void>;
  /** The test file is done with the worker: its own worker stops, a lane's worker stays for the next file. */
  stop: () => Promise<void>;
}

/** A worker this test file started itself: its process, to watch its exit. */
export interface OwnWorkerProcess extends WorkerProcess {
  child: ChildProcess;
}

/** The real worker's entry: a test file that starts one itself first stops its lane's shared worker. */
const MAIN_WORKER = 'workers/main.ts';

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (exited, not yet reaped by its parent) answers signal 0 too.
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Sends `signal` to `pid` and waits for its exit; SIGKILL after `graceMs`, with the log's end on stderr. */
async function killProcess(pid: number, signal: NodeJS.Signals, graceMs: number, what: string, logFile: string) {
  if (!isAlive(pid)) return;
  process.kill(pid, signal);
  if (await waitForExit(pid, graceMs)) return;
  process.stderr.write(
    `${what} still running ${graceMs} ms after ${signal}; killed. Its log ends:\n${fs.readFileSync(logFile, 'utf8').slice(-1500)}\n`,
  );
  process.kill(pid, 'SIGKILL');
  await waitForExit(pid, 10_000);
}

/** Starts `entry` under tsx and resolves once it logs `readyMessage` (bundling takes a few seconds). */
export async function startWorkerProcess(
  entry: string,
  logFile: string,
  readyMessage: string,
  timeoutMs = 120_000,
  env: NodeJS.ProcessEnv = {},
): Promise<OwnWorkerProcess> {
  // Two real workers polling one lane's task queues with different settings would share its jobs.
  if (entry === MAIN_WORKER) await stopLaneWorker();
  const child = await spawnWorker(entry, logFile, readyMessage, timeoutMs, env);
  const kill = (signal: NodeJS.Signals, graceMs = 30_000) =>
    killProcess(child.pid!, signal, graceMs, `worker ${entry}`, logFile);
  return { child, pid: child.pid!, logLines: () => readLogLines(logFile), kill, stop: () => kill('SIGTERM') };
}

async function spawnWorker(
  entry: string,
  logFile: string,
  readyMessage: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
): Promise<ChildProcess> {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  // `node --import tsx` rather than the tsx CLI: the CLI runs the script in a grandchild that a
  // SIGKILL of the CLI would leave running, and these tests need the kill to be real. The worker
  // ends itself when its jest worker is gone (exit-with-parent.mjs): a lane's worker outlives
  // the file that started it.
  // TEST_WORKER_CPU_PROFILE_DIR: each worker writes a V8 CPU profile there (docs/testing.md).
  const profile = process.env.TEST_WORKER_CPU_PROFILE_DIR;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(
    process.execPath,
    [...profiling, '--import', EXIT_WITH_PARENT, '--import', 'tsx', path.join(repoRoot, entry)],
    { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  const deadline = Date.now() + timeoutMs;
  while (!readLogLines(logFile).some((l) => l.msg === readyMessage)) {
    if (child.exitCode !== null)
      throw new Error(`worker exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`worker not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

const EXIT_WITH_PARENT = pathToFileURL(path.join(__dirname, 'exit-with-parent.mjs')).href;

/**
 * The real worker (workers/main.ts, every task queue) for one test file.
 *
 * Without `env`: the lane's shared worker (docs/testing.md, "One worker per lane"), started by
 * the lane's first file that needs it and kept for the next ones; its log is in the test stack's
 * logs as `lane-<n>-worker-<start time>.log` (named in `lane-<n>-worker.json`), info lines and up, its SMS in `laneSmsOutbox()`.
 *
 * With `env` on top (a missing Chromium, a 2-second platform poll): a worker of the file's own,
 * after the lane's worker stops, so that one task queue never has two pollers with different
 * settings; the next file without settings starts the lane's worker again.
 */
export async function startMainWorker(name: string, env: NodeJS.ProcessEnv = {}): Promise<WorkerProcess> {
  if (Object.keys(env).length === 0) return laneWorker();
  const logFile = path.join(testStackDir, 'logs', `${name}-worker-${process.pid}.log`);
  return startWorkerProcess(MAIN_WORKER, logFile, 'worker started', 180_000, {
    ...mainWorkerEnv(),
    WORKER_METRICS_PORT: String(await freePort()),
    ...env,
  });
}

function mainWorkerEnv(): NodeJS.ProcessEnv {
  return {
    LOG_LEVEL: 'info',
    SMS_PROVIDER: 'local',
    SMS_LOCAL_OUTBOX_FILE: laneSmsOutbox(),
    // Workflow code on the main thread: a thread per task queue costs a worker about 4 s of CPU
    // at start (docs/testing.md, "Where the time goes"); job-lifecycle starts workers/main.ts
    // itself and keeps the threads, as production's general worker runs them.
    WORKER_WORKFLOWS_IN_MAIN_THREAD: 'true',
  };
}

const lane = process.env.JEST_WORKER_ID ?? '1';
const laneWorkerFile = path.join(testStackDir, `lane-${lane}-worker.json`);

/** Where the lane's workers write their SMS (SMS_PROVIDER=local): tests find theirs by phone number. */
export function laneSmsOutbox(): string {
  return path.join(testStackDir, 'sms', `lane-${lane}.jsonl`);
}

interface LaneWorkerRecord {
  pid: number;
  logFile: string;
}

function readLaneWorker(): LaneWorkerRecord | undefined {
  if (!fs.existsSync(laneWorkerFile)) return undefined;
  const record = JSON.parse(fs.readFileSync(laneWorkerFile, 'utf8')) as LaneWorkerRecord;
  return isAlive(record.pid) ? record : undefined;
}

async function laneWorker(): Promise<WorkerProcess> {
  let record = readLaneWorker();
  if (!record) {
    const logFile = path.join(testStackDir, 'logs', `lane-${lane}-worker-${Date.now()}.log`);
    const child = await spawnWorker(MAIN_WORKER, logFile, 'worker started', 180_000, {
      ...mainWorkerEnv(),
      WORKER_METRICS_PORT: String(await freePort()),
    });
    // The lane's worker outlives this file, and must not keep its jest worker from exiting at the end.
    child.unref();
    record = { pid: child.pid!, logFile };
    fs.writeFileSync(laneWorkerFile, JSON.stringify(record));
  }
  const { pid, logFile } = record;
  const from = readLogLines(logFile).length;
  return {
    pid,
    logLines: () => readLogLines(logFile).slice(from),
    kill: async (signal, graceMs = 30_000) => {
      await killProcess(pid, signal, graceMs, `lane ${lane}'s worker`, logFile);
      fs.rmSync(laneWorkerFile, { force: true });
    },
    stop: async () => {},
  };
}

/** Stops this lane's shared worker, if it runs (a file about to start a worker of its own). */
export async function stopLaneWorker(): Promise<void> {
  const record = readLaneWorker();
  if (record) await killProcess(record.pid, 'SIGTERM', 30_000, `lane ${lane}'s worker`, record.logFile);
  fs.rmSync(laneWorkerFile, { force: true });
}

/** Stops every lane's worker of the run in `stackDir` (global teardown: before the stack goes). */
export async function stopLaneWorkers(stackDir: string): Promise<void> {
  if (!fs.existsSync(stackDir)) return;
  const records = fs
    .readdirSync(stackDir)
    .filter((f) => /^lane-\d+-worker\.json$/.test(f))
    .map((f) => JSON.parse(fs.readFileSync(path.join(stackDir, f), 'utf8')) as LaneWorkerRecord);
  await Promise.all(records.map((r) => killProcess(r.pid, 'SIGTERM', 20_000, 'a lane worker', r.logFile)));
}

/**
 * Polls `check` until it returns a truthy value, failing after `timeoutMs` with `what`. The pause
 * between checks starts at 10 ms and doubles up to 150 ms: most conditions hold within a few tens
 * of milliseconds, and a flat 150 ms cost each wait 75 ms on average.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 150)) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, pause));
  }
}
