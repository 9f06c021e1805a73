// The real worker of bench/triggers.ts: workers/main.ts compiled by tsc as the image runs it, with
// docker-compose's `worker` service settings (every queue but exports, so the outbox relay runs in
// it), its log in a file. Its resident set is sampled while it runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/stack/wait';
import { composeServiceEnv } from './compose-env';
import { memoryKb } from './process-tree';

const repoRoot = path.resolve(__dirname, '..');

export interface RunningWorker {
  pid: number;
  /** Highest VmRSS sampled (every 100 ms) since the last reset. */
  peakRssKb(): number;
  resetPeak(): void;
  /** Peak RSS over its whole life (start-up and workflow bundling included). */
  lifetimePeakKb(): number | null;
  /** Fails when the worker has exited. */
  assertAlive(): void;
  stop(): Promise<void>;
}

/** The environment docker-compose gives the `worker` service that this bench measures. */
export function composeWorkerEnv(): Record<string, string> {
  const env = composeServiceEnv('worker', [
    'WORKER_TASK_QUEUES',
    'NODE_OPTIONS',
    'MALLOC_ARENA_MAX',
    'WORKER_WORKFLOWS_IN_MAIN_THREAD',
    'WORKER_HEAP_GROWING_PERCENT',
  ]);
  return { ...env, WORKER_TASK_QUEUES: env.WORKER_TASK_QUEUES || 'all' };
}

/**
 * Spawns `entry` (compiled workers/main.js) and resolves once it logs "worker started".
 * `nodeArgs`: node flags NODE_OPTIONS refuses, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (a
 * profile per thread, written when it stops).
 */
export async function startWorker(
  entry: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<RunningWorker> {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: { ...env, WORKER_METRICS_PORT: String(await freePort()) },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const deadline = Date.now() + 180_000;
  while (!fs.readFileSync(logFile, 'utf8').includes('"worker started"')) {
    if (child.exitCode !== null)
      throw new Error(`the worker exited (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`the worker did not start within 180 s; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid!;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryKb(pid, 'VmRSS') ?? 0)), 100);
  return {
    pid,
    peakRssKb: () => peak,
    resetPeak: () => (peak = memoryKb(pid, 'VmRSS') ?? 0),
    lifetimePeakKb: () => memoryKb(pid, 'VmHWM'),
    assertAlive() {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the worker exited (${child.exitCode ?? child.signalCode}); see ${logFile}`);
    },
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
