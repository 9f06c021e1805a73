// The Socket.IO event pool survives PostgreSQL dropping its connections (a restart under
// `npm start` did that, and the api died of an unhandled 'error' event on the LISTEN client).
import { Client } from 'pg';
import { createEventPool } from '../../../lib/realtime/event-pool';
import { createMemoryLogger } from '../../fixtures/memory-logger';
import { eventually } from '../../helpers/worker-process';

describe('the Socket.IO event pool', () => {
  it('logs a dropped LISTEN connection instead of crashing, and serves again on a new one', async () => {
    const { logger, lines } = createMemoryLogger();
    const pool = createEventPool(process.env.DATABASE_URL!, logger);
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const listener = await pool.connect();
      await listener.query('LISTEN studio_event_pool_test');
      const { rows } = await listener.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => listener.once('end', resolve));
      // What a PostgreSQL restart does to every connection.
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await ended;
      await eventually(
        'the lost connection logged',
        async () =>
          lines().find((l) => l.msg === 'Socket.IO event connection lost; it reconnects when PostgreSQL is back'),
        10_000,
      );
      listener.release(true);
      expect((await pool.query<{ ok: number }>('SELECT 1 AS ok')).rows[0].ok).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
