import { Emitter } from '@socket.io/postgres-emitter';
import { type Pool } from 'pg';

/**
 * Socket.IO's PostgreSQL emitter for processes without a Socket.IO server (the worker).
 *
 * @socket.io/postgres-emitter 0.1.1 (the newest) writes notifications without the `nsp` field
 * that @socket.io/postgres-adapter 0.5.0 dispatches on since 0.4, so the api would drop every
 * event. The emitter gets a pool whose `pg_notify` calls add the namespace to the JSON message
 * (plain and attachment headers alike); everything else is the library's (docs/decisions.md).
 */
export function createEventEmitter(pool: Pool, nsp = '/'): Emitter {
  const withNamespace = {
    query(text: string, params?: unknown[]) {
      if (/pg_notify/.test(text) && params && typeof params[1] === 'string') {
        const message = JSON.parse(params[1]) as Record<string, unknown>;
        return pool.query(text, [params[0], JSON.stringify({ nsp, ...message }), ...params.slice(2)]);
      }
      return pool.query(text, params);
    },
  };
  return new Emitter(withNamespace, nsp);
}
