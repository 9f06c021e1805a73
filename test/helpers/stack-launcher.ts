import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../setup/paths';

/** The test stack's launcher (scripts/stack/serve-test-stack.ts) run as a child, as jest's global set-up runs it. */
export interface LaunchedStack {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or signal name) once the launcher has ended. */
  exited: Promise<number | string | null>;
}

/**
 * A clean environment for the launcher: none of this run's stack variables, a PATH and the
 * given overrides. `node --import tsx` keeps it one process, so its exit is the launcher's.
 */
export function launchTestStack(dir: string, env: Record<string, string | undefined>): LaunchedStack {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    STUDIO_TOOLS_DIR: process.env.STUDIO_TOOLS_DIR,
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts', 'stack', 'serve-test-stack.ts'), dir],
    {
      cwd: repoRoot,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits for `promise`, failing with `what` after `ms`. */
export async function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Command lines of the running processes (other than this one) that contain `needle`. */
export function processesMentioning(needle: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmdline.includes(needle)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** PATH without the folders that hold `tool`, so the launcher falls back to STUDIO_TOOLS_DIR. */
export function pathWithout(tool: string): string {
  return (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => dir && !fs.existsSync(path.join(dir, tool)))
    .join(':');
}
