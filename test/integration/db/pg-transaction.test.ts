import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { buffer } from 'node:stream/consumers';
import { type Sequelize } from 'sequelize-typescript';
import { beginPgTransaction, prepared } from '../../../db/pg-client';
import { createSequelize } from '../../../db/sequelize';
import { eventually } from '../../helpers/worker-process';

// One connection in the pool: every transaction below, and the reads after it, share it.
let sequelize: Sequelize;
/** What the pool's one connection has written to the server, as text. */
let written = '';

const LOCK_KEY = 4_204_301;
const table = `pipeline_probe_${process.pid}`;

beforeAll(async () => {
  sequelize = createSequelize({ url: process.env.DATABASE_URL!, poolMax: 1 });
  const manager = sequelize.connectionManager;
  const connection = (await manager.getConnection({ type: 'write' })) as unknown as Client & {
    connection: { stream: { write: (chunk: Buffer | string, ...rest: unknown[]) => boolean } };
  };
  const stream = connection.connection.stream;
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    written += Buffer.from(chunk).toString('latin1');
    return write(chunk, ...rest);
  };
  manager.releaseConnection(connection as never);
  await sequelize.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
});

afterAll(async () => {
  await sequelize.query(`DROP TABLE IF EXISTS ${table}`);
  await sequelize.close();
});

describe('a transaction of named statements', () => {
  it('writes each statement without waiting for the answer of the one before', async () => {
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const tx = await beginPgTransaction(sequelize);
      try {
        const [{ pid }] = await tx.rows<{ pid: number }>(prepared('probe:pid', 'SELECT pg_backend_pid() AS pid'), []);
        const waiting = tx.rows(prepared('probe:wait', 'SELECT pg_advisory_xact_lock($1)'), [LOCK_KEY]);
        const behind = tx.rows<{ two: number }>(prepared('probe:behind', 'SELECT 2 AS two'), []);
        await eventually('the first statement waits on the lock', async () => {
          const { rows } = await holder.query(
            `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`,
            [pid],
          );
          return rows.length > 0;
        });
        // The one behind it is already on the wire while the server has not answered the first.
        expect(written).toContain('probe:behind');
        await holder.query('COMMIT');
        await waiting;
        expect(await behind).toEqual([{ two: 2 }]);
        await tx.commit();
      } finally {
        await tx.rollback();
      }
    } finally {
      await holder.end();
    }
  });

  it('keeps nothing once a statement fails (those behind it fail too), and its connection then runs a COPY again', async () => {
    const insert = prepared('probe:insert', `INSERT INTO ${table} (id) VALUES ($1)`);
    const tx = await beginPgTransaction(sequelize);
    const outcomes = await Promise.allSettled([tx.rows(insert, [1]), tx.rows(insert, [1]), tx.rows(insert, [2])]);
    await tx.commit();
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code?: string }).code : null))).toEqual([
      null,
      '23505', // unique_violation
      '25P02', // in_failed_sql_transaction
    ]);
    expect(await sequelize.query(`SELECT id FROM ${table}`, { plain: false, raw: true })).toEqual([
      [],
      expect.anything(),
    ]);

    // The same pooled connection, out of pipeline mode: COPY (which that mode refuses) runs on it.
    const manager = sequelize.connectionManager;
    const connection = (await manager.getConnection({ type: 'write' })) as unknown as Client;
    try {
      const copied = await buffer(connection.query(copyTo('COPY (SELECT 7 AS n) TO STDOUT')));
      expect(copied.toString('utf8')).toBe('7\n');
    } finally {
      manager.releaseConnection(connection as never);
    }
  });
});
