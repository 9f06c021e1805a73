import { stopChild } from './process-tree';
// The baseline of bench/triggers.ts: N no-op workflows started and completed on the same Temporal
// server, through a worker process of their own (bench/noop-worker.ts), started `concurrency` at
// a time. What the engine itself allows on this machine: one start and one workflow task each.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Client } from '@temporalio/client';
import { memoryKb } from './process-tree';

const repoRoot = path.resolve(__dirname, '..');

export interface NoopWorker {
  pid: number;
  taskQueue: string;
  stop(): Promise<void>;
}

export interface BaselineRun {
  workflows: number;
  seconds: number;
  perSecond: number;
}

/** Starts bench/noop-worker.ts under tsx on a task queue of its own; resolves once it polls. */
export async function startNoopWorker(env: NodeJS.ProcessEnv, logFile: string): Promise<NoopWorker> {
  const taskQueue = `bench-noop-${crypto.randomUUID()}`;
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', 'noop-worker.ts')], {
    cwd: repoRoot,
    env: { ...env, BENCH_NOOP_TASK_QUEUE: taskQueue },
    stdio: ['ignore', 'pipe', out],
  });
  fs.closeSync(out);
  let stdout = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  const deadline = Date.now() + 120_000;
  while (!stdout.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`the no-op worker exited (${child.exitCode}); see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the no-op worker did not start within 120 s; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid!,
    taskQueue,
    stop: () => stopChild(child),
  };
}

/** Runs `op(0..total-1)` with at most `concurrency` in flight. */
export async function inLanes(total: number, concurrency: number, op: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < total) await op(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, lane));
}

/**
 * Starts `count` no-op workflows (ids `<prefix>:<i>`) `concurrency` at a time and waits until
 * all have completed (visibility's count, polled every 100 ms, with a deadline); the end is the
 * latest close time Temporal recorded, so the polling does not blur the figure.
 */
export async function runNoopWorkflows(
  client: Client,
  worker: NoopWorker,
  prefix: string,
  count: number,
  concurrency: number,
  deadlineMs: number,
): Promise<BaselineRun> {
  const query = `TaskQueue = "${worker.taskQueue}" AND ExecutionStatus = "Completed"`;
  const before = (await client.workflow.count(query)).count;
  const started = Date.now();
  await inLanes(count, concurrency, async (i) => {
    await client.workflow.start('benchNoopWorkflow', {
      taskQueue: worker.taskQueue,
      workflowId: `${prefix}:${i}`,
      args: [],
    });
  });
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const done = (await client.workflow.count(query)).count - before;
    if (done >= count) break;
    if (Date.now() > deadline)
      throw new Error(
        `baseline: ${done} of ${count} no-op workflows completed within ${Math.round(deadlineMs / 1000)} s`,
      );
    if (memoryKb(worker.pid, 'VmRSS') === null) throw new Error('baseline: the no-op worker is gone');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let lastClose = 0;
  let seen = 0;
  for await (const execution of client.workflow.list({ query })) {
    if (!execution.workflowId.startsWith(`${prefix}:`)) continue;
    if (execution.status.name !== 'COMPLETED')
      throw new Error(`baseline: ${execution.workflowId} is ${execution.status.name}`);
    seen += 1;
    lastClose = Math.max(lastClose, execution.closeTime?.getTime() ?? 0);
  }
  if (seen !== count) throw new Error(`baseline: listed ${seen} completed no-op workflows of ${count}`);
  const seconds = (lastClose - started) / 1000;
  return { workflows: count, seconds, perSecond: count / seconds };
}
