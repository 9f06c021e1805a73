import { Pool } from 'pg';
import { type Logger } from 'pino';

/**
 * A small pg pool for Socket.IO's PostgreSQL adapter (api) and emitter (worker): events travel
 * between processes as NOTIFY messages, so any api process delivers what any worker emits.
 * The adapter holds one connection in LISTEN for the process's lifetime; so does the api's
 * listener of membership changes (api/auth/membership-changes.ts).
 *
 * The adapter listens for its connection's end (and then reconnects) but not for its errors, and
 * a pg client's unhandled 'error' (PostgreSQL restarting: "terminating connection due to
 * unexpected postmaster exit") would kill the process. Every client of this pool, and the pool's
 * idle clients, get a listener that logs the error; the end that follows makes the adapter
 * reconnect once PostgreSQL is back.
 */
export function createEventPool(databaseUrl: string, logger?: Logger): Pool {
  // The adapter's LISTEN and its NOTIFYs, and the api's LISTEN of membership changes.
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  const logError = (err: Error) =>
    logger?.warn({ err: err.message }, 'Socket.IO event connection lost; it reconnects when PostgreSQL is back');
  pool.on('error', logError);
  pool.on('connect', (client) => client.on('error', logError));
  return pool;
}
