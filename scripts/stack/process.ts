import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import { oneLine, StartError } from './start-error';

/** How a child of the stack ended: an exit code or signal, or `error` when it could not even be spawned. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: NodeJS.ErrnoException;
}

/** A child process of the stack, with its output going to a log file under .data/. */
export interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Resolves once the process has ended, however it ended (never rejects). */
  exited: Promise<ExitInfo>;
  stop: () => Promise<void>;
}

/** Every child started and not yet ended, so a launcher can stop them all, even mid-start. */
const live = new Set<Managed>();
let closing = false;

/**
 * Starts `command` with its stdout and stderr appended to `logFile`. A spawn failure (EACCES,
 * ENOENT) is caught here and reported through `exited`, never as an unhandled 'error' event.
 * `stop` sends `stopSignal` (SIGTERM by default), then SIGKILL after `graceMs`, and resolves
 * once the process has exited (Temporal's SQLite file stays locked until then).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string; graceMs?: number; stopSignal?: NodeJS.Signals },
): Managed {
  if (closing) throw new StartError(name, 'the launcher is stopping');
  const { logFile, graceMs, stopSignal, ...spawnOptions } = options;
  const out = fs.openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', out, out] });
  } finally {
    fs.closeSync(out);
  }
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error: NodeJS.ErrnoException) => resolve({ code: null, signal: null, error }));
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!ended() && child.pid !== undefined) {
      child.kill(stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs ?? 5_000);
      await exited;
      clearTimeout(timer);
    }
    await exited;
  };
  const managed: Managed = { name, child, logFile, exited, stop };
  live.add(managed);
  void exited.then(() => live.delete(managed));
  return managed;
}

/**
 * Stops every child still running and refuses to start new ones: what a launcher does on
 * Ctrl-C or a failure, whatever part was starting at the time.
 */
export async function stopLiveProcesses(): Promise<void> {
  closing = true;
  await Promise.all([...live].map((m) => m.stop()));
}

/** The last non-empty line of a log file, for a one-line reason. */
export function lastLogLine(logFile: string): string {
  if (!fs.existsSync(logFile)) return '';
  const lines = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return oneLine(lines.at(-1) ?? '', 240);
}

/** Why `info` ended `managed`, in one line. */
export function describeExit(managed: Managed, info: ExitInfo): string {
  if (info.error) return `cannot run ${managed.child.spawnfile} (${info.error.code ?? info.error.message})`;
  const last = lastLogLine(managed.logFile);
  const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
  return `${how}${last ? `: "${last}"` : ''} (log: ${managed.logFile})`;
}

/** Rejects with a StartError as soon as `managed` ends, so start-up fails fast and says why. */
export function exitAsError(managed: Managed): Promise<never> {
  return managed.exited.then((info) => {
    throw new StartError(managed.name, describeExit(managed, info));
  });
}

/**
 * Waits for `ready` (a readiness check on `managed`), failing fast if the process ends first;
 * on any failure the process is stopped before the error goes on, so nothing is left behind.
 */
export async function whenReady(managed: Managed, ready: Promise<void>): Promise<Managed> {
  try {
    await Promise.race([ready, exitAsError(managed)]);
    return managed;
  } catch (err) {
    await managed.stop();
    throw err;
  }
}
