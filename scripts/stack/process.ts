import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';

/** A child process of the stack, with its output going to a log file under .data/. */
export interface Managed {
  name: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts `command` with its stdout and stderr appended to `logFile`.
 * `stop` sends SIGTERM, then SIGKILL after `graceMs`, and resolves once the process has exited
 * (Temporal's SQLite file stays locked until then).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string; graceMs?: number },
): Managed {
  const out = fs.openSync(options.logFile, 'a');
  const child = spawn(command, args, { ...options, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), options.graceMs ?? 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { name, child, stop };
}

/** Rejects as soon as `managed` exits, with the tail of its log, so start-up fails fast and says why. */
export function exitAsError(managed: Managed, logFile: string): Promise<never> {
  return new Promise((_, reject) => {
    managed.child.once('exit', (code, signal) => {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
      reject(new Error(`${managed.name} exited (${signal ?? code}) during start-up. Last lines of ${logFile}:\n${tail}`));
    });
    managed.child.once('error', (err) => reject(new Error(`${managed.name} could not start: ${err.message}`)));
  });
}
