import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/stack/wait';
import { repoRoot, testStackDir } from '../setup/paths';
import { readLogLines } from './log-lines';

/** `api/main.ts` running as its own process (or cluster) against the test stack. */
export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** JSON log lines written so far (the primary's and every api process's). */
  logLines: () => Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts the api with the test stack's environment plus `env`, on a free port, and resolves once
 * `listeners` api processes have logged 'api listening' (API_PROCESSES of them under a cluster).
 */
export async function startApiProcess(
  name: string,
  env: Record<string, string> = {},
  listeners = 1,
  timeoutMs = 60_000,
): Promise<ApiProcess> {
  const port = await freePort();
  const logFile = path.join(testStackDir, 'logs', `${name}-${process.pid}-${port}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  // `node --import tsx`, not the tsx CLI, so a signal reaches the api itself (docs/decisions.md).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', PORT: String(port), ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logLines = () => readLogLines(logFile);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const deadline = Date.now() + timeoutMs;
  while (logLines().filter((l) => l.msg === 'api listening').length < listeners) {
    if (child.exitCode !== null)
      throw new Error(`api exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`api not listening within ${timeoutMs} ms:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, logLines, exited, stop };
}

/** True while a process with this pid exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
