import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/stack/wait';
import { repoRoot, testStackDir } from '../setup/paths';
import { readLogLines } from './log-lines';

/** A worker running as its own process, so a test can kill it like a crash would. */
export interface WorkerProcess {
  child: ChildProcess;
  /** JSON log lines the worker has written so far. */
  logLines: () => Record<string, unknown>[];
  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs` if the process is still there. */
  kill: (signal: NodeJS.Signals, graceMs?: number) => Promise<void>;
}

/** Starts `entry` under tsx and resolves once it logs `readyMessage` (bundling takes a few seconds). */
export async function startWorkerProcess(
  entry: string,
  logFile: string,
  readyMessage: string,
  timeoutMs = 120_000,
  env: NodeJS.ProcessEnv = {},
): Promise<WorkerProcess> {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'a');
  // `node --import tsx` rather than the tsx CLI: the CLI runs the script in a grandchild that a
  // SIGKILL of the CLI would leave running, and these tests need the kill to be real.
  // TEST_WORKER_CPU_PROFILE_DIR: each worker writes a V8 CPU profile there (docs/testing.md).
  const profile = process.env.TEST_WORKER_CPU_PROFILE_DIR;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', path.join(repoRoot, entry)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const logLines = () => readLogLines(logFile);
  const deadline = Date.now() + timeoutMs;
  while (!logLines().some((l) => l.msg === readyMessage)) {
    if (child.exitCode !== null)
      throw new Error(`worker exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`worker not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // A worker that does not stop within the deadline (an activity ignoring its cancellation on a
  // loaded machine) is killed outright: a test's afterAll must never hang the run.
  const kill = async (signal: NodeJS.Signals, graceMs = 30_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (!late) return;
    process.stderr.write(
      `worker ${entry} still running ${graceMs} ms after ${signal}; killed. Its log ends:\n${fs.readFileSync(logFile, 'utf8').slice(-1500)}\n`,
    );
    child.kill('SIGKILL');
    await exited;
  };
  return { child, logLines, kill };
}

/**
 * The real worker (workers/main.ts, every task queue) for one test file: its log in the test
 * stack's logs as `<name>-worker-<pid>.log`, info lines and up, its metrics on a free port, and
 * `env` on top (an SMS outbox, a shorter timeout).
 */
export async function startMainWorker(name: string, env: NodeJS.ProcessEnv = {}): Promise<WorkerProcess> {
  const logFile = path.join(testStackDir, 'logs', `${name}-worker-${process.pid}.log`);
  return startWorkerProcess('workers/main.ts', logFile, 'worker started', 180_000, {
    LOG_LEVEL: 'info',
    WORKER_METRICS_PORT: String(await freePort()),
    // Workflow code on the main thread: a thread per task queue costs each test file's worker
    // about 4 s of CPU at start (docs/testing.md, "Where the time goes"); the files that start
    // workers/main.ts themselves keep the threads, as production's general worker runs them.
    WORKER_WORKFLOWS_IN_MAIN_THREAD: 'true',
    ...env,
  });
}

/** Polls `check` until it returns a truthy value, failing after `timeoutMs` with `what`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
