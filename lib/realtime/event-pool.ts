import { Pool } from 'pg';

/**
 * A small pg pool for Socket.IO's PostgreSQL adapter (api) and emitter (worker): events travel
 * between processes as NOTIFY messages, so any api process delivers what any worker emits.
 * The adapter holds one connection in LISTEN for the process's lifetime.
 */
export function createEventPool(databaseUrl: string): Pool {
  return new Pool({ connectionString: databaseUrl, max: 3 });
}
