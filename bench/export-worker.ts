import { memoryKb, stopChild } from './process-tree';
// The worker side of bench/export.ts: a real worker process polling only the exports queue, run
// as the image runs it (the JavaScript tsc compiles, with the heap cap docker-compose gives the
// worker-exports service), doing export jobs started through startJob as the api starts them.
// Its resident set is sampled from /proc while each export runs, so "peak RSS of the worker" is
// that of the process the service deploys.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { createSequelize } from '../db/sequelize';
import { loadConfig } from '../lib/config';
import { startJob } from '../lib/jobs/start-job';
import { connectTemporal } from '../lib/temporal';
import { freePort } from '../scripts/stack/wait';
import { EXPORT_JOB, type ExportPayload, type ExportResult } from '../workflows/exports/contract';

const repoRoot = path.resolve(__dirname, '..');

export interface WorkerExport {
  rows: number;
  seconds: number;
  bytes: number;
  /** Highest VmRSS sampled (every 50 ms) while this export ran. */
  peakRssKb: number;
  /** The renderExport activity alone, from the workflow's history (started to completed). */
  renderSeconds: number;
}

export interface ExportWorker {
  pid: number;
  /** Runs one export job to the end; its row count, time, size and the worker's peak RSS meanwhile. */
  run(payload: ExportPayload): Promise<WorkerExport>;
  /** The worker's peak RSS over its whole life (start-up and workflow bundling included). */
  lifetimePeakKb(): number | null;
  /** Its resident set now. */
  rssKb(): number | null;
  stop(): Promise<void>;
}

/** The memory settings docker-compose gives the exports worker (V8, glibc, where workflows run): the bench measures what is deployed. */
export function composeExportsWorkerMemoryEnv(): Record<string, string> {
  const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string> }>;
  };
  const env = compose.services['worker-exports'].environment ?? {};
  // V8's flags and every glibc malloc tunable (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, ...).
  const malloc = Object.entries(env).filter(([name]) => name.startsWith('MALLOC_'));
  return {
    NODE_OPTIONS: env.NODE_OPTIONS ?? '',
    WORKER_WORKFLOWS_IN_MAIN_THREAD: String(env.WORKER_WORKFLOWS_IN_MAIN_THREAD ?? 'false'),
    ...Object.fromEntries(malloc.map(([name, value]) => [name, String(value)])),
  };
}

/** Compiles the service into `outDir` as the Dockerfile does (tsc); returns the worker's entry. */
export function compileWorker(outDir: string): string {
  execFileSync(
    path.join(repoRoot, 'node_modules', '.bin', 'tsc'),
    ['-p', path.join(repoRoot, 'tsconfig.json'), '--outDir', outDir],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  return path.join(outDir, 'workers', 'main.js');
}

export async function startExportWorker(
  env: NodeJS.ProcessEnv,
  memoryEnv: Record<string, string>,
  entry: string,
): Promise<ExportWorker> {
  const metricsPort = await freePort();
  // BENCH_WORKER_NODE_ARGS: node flags for the worker only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: {
      ...env,
      ...memoryEnv,
      WORKER_TASK_QUEUES: 'exports',
      WORKER_METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
  const deadline = Date.now() + 180_000;
  while (!log.includes('"worker started"')) {
    if (child.exitCode !== null) throw new Error(`the exports worker exited (${child.exitCode}):\n${log.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`the exports worker did not start within 180 s:\n${log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const config = loadConfig(env);
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 2, appRole: config.DATABASE_APP_ROLE });
  const temporal = await connectTemporal(config);
  const pid = child.pid!;

  return {
    pid,
    async run(payload) {
      let peakRssKb = memoryKb(pid, 'VmRSS') ?? 0;
      const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, memoryKb(pid, 'VmRSS') ?? 0)), 50);
      const started = performance.now();
      try {
        const run = await startJob(sequelize, temporal.client, EXPORT_JOB, payload.ownerId, payload, {
          orgId: payload.orgId,
          userId: payload.ownerId,
        });
        const handle = temporal.client.workflow.getHandle(run.workflow_id);
        const result = (await handle.result()) as ExportResult;
        const seconds = (performance.now() - started) / 1000;
        return {
          rows: result.rowCount,
          seconds,
          bytes: result.sizeBytes,
          peakRssKb,
          renderSeconds: await renderActivitySeconds(handle),
        };
      } finally {
        clearInterval(sampler);
      }
    },
    lifetimePeakKb: () => memoryKb(pid, 'VmHWM'),
    rssKb: () => memoryKb(pid, 'VmRSS'),
    async stop() {
      await temporal.connection.close();
      await sequelize.close();
      await stopChild(child);
    },
  };
}

/** How long the renderExport activity ran, from its Started and Completed events in the history. */
async function renderActivitySeconds(handle: {
  fetchHistory(): Promise<{ events?: unknown[] | null }>;
}): Promise<number> {
  const events = ((await handle.fetchHistory()).events ?? []) as HistoryEvent[];
  const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'renderExport');
  const started = events.find(
    (e) =>
      e.activityTaskStartedEventAttributes &&
      Number(e.activityTaskStartedEventAttributes.scheduledEventId) === Number(scheduled?.eventId),
  );
  const completed = events.find(
    (e) =>
      e.activityTaskCompletedEventAttributes &&
      Number(e.activityTaskCompletedEventAttributes.scheduledEventId) === Number(scheduled?.eventId),
  );
  if (!started?.eventTime || !completed?.eventTime)
    throw new Error('the export history has no completed renderExport activity');
  const ms = (t: NonNullable<HistoryEvent['eventTime']>) => Number(t.seconds) * 1000 + Math.round((t.nanos ?? 0) / 1e6);
  return (ms(completed.eventTime) - ms(started.eventTime)) / 1000;
}

/** The parts of a history event read here (the SDK's protobuf type, structurally). */
interface HistoryEvent {
  eventId?: unknown;
  eventTime?: { seconds?: unknown; nanos?: number | null } | null;
  activityTaskScheduledEventAttributes?: { activityType?: { name?: string | null } | null } | null;
  activityTaskStartedEventAttributes?: { scheduledEventId?: unknown } | null;
  activityTaskCompletedEventAttributes?: { scheduledEventId?: unknown } | null;
}
