import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The Go-built servers of the local stack, pinned to versions verified on these machines (STACK-NOTES.md). */
export const GO_TOOLS = {
  temporal: 'github.com/temporalio/cli/cmd/temporal@v1.5.1',
  versitygw: 'github.com/versity/versitygw/cmd/versitygw@v1.7.0',
  'stripe-mock': 'github.com/stripe/stripe-mock@v0.203.0',
} as const;
export type GoTool = keyof typeof GO_TOOLS;

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Where built tools are kept. Outside the clone by default so that every clone on the machine
 * (and every CI run in a fresh clone) reuses one 5-minute build; STUDIO_TOOLS_DIR overrides it.
 */
export function toolsDir(): string {
  return process.env.STUDIO_TOOLS_DIR ?? path.join(os.homedir(), '.cache', 'studio-service', 'bin');
}

function onPath(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const p = found.stdout.trim();
  return found.status === 0 && p ? p : undefined;
}

/** Finds `name` on PATH, under .tools/bin or the tools cache, or builds it there with `go install`. */
export function ensureTool(name: GoTool, log: (line: string) => void = console.log): string {
  const candidates = [path.join(repoRoot, '.tools', 'bin', name), path.join(toolsDir(), name)];
  const existing = onPath(name) ?? candidates.find((p) => fs.existsSync(p));
  if (existing) return existing;

  if (!onPath('go')) {
    throw new Error(`${name} is not installed and Go is missing to build it: install Go, or put ${name} on PATH`);
  }
  fs.mkdirSync(toolsDir(), { recursive: true });
  log(`Building ${name} (${GO_TOOLS[name]}) into ${toolsDir()}: a one-time step of a few minutes...`);
  const started = Date.now();
  execFileSync('go', ['install', GO_TOOLS[name]], {
    env: { ...process.env, GOBIN: toolsDir(), GOFLAGS: '-mod=mod' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  log(`Built ${name} in ${Math.round((Date.now() - started) / 1000)} s`);
  return path.join(toolsDir(), name);
}
