import { type Client, type QueryResultRow } from 'pg';
import { type Sequelize } from 'sequelize-typescript';

/**
 * A statement sent by name: PostgreSQL parses and plans it once per connection and keeps the plan
 * (after five runs, a generic one when it costs no more), where Sequelize's queries are unnamed and
 * planned on every run. On the hot paths (docs/performance.md, issue 43) planning a few large
 * statements cost PostgreSQL more than running them.
 */
export interface Prepared {
  name: string;
  text: string;
}

/** A statement of `text` prepared under `name` on each connection that first sends it; one name per text. */
export const prepared = (name: string, text: string): Prepared => ({ name, text });

/**
 * One of Sequelize's pooled connections (the same pool, limits and type parsers as every other
 * query; nothing is opened beside it), lent as node-postgres's own client.
 */
async function borrow(sequelize: Sequelize): Promise<{ client: Client; giveBack: () => void }> {
  const manager = sequelize.connectionManager;
  const client = (await manager.getConnection({ type: 'write' })) as unknown as Client;
  // A connection that broke is marked by Sequelize's own listener, and its pool lends it no more.
  return { client, giveBack: () => manager.releaseConnection(client as never) };
}

const rowsOn = async <T extends QueryResultRow>(client: Client, statement: Prepared, values: unknown[]) =>
  (await client.query<T>({ name: statement.name, text: statement.text, values })).rows;

/** The rows of one named statement, on its own (autocommit). */
export async function preparedRows<T extends QueryResultRow>(
  sequelize: Sequelize,
  statement: Prepared,
  values: unknown[],
): Promise<T[]> {
  const { client, giveBack } = await borrow(sequelize);
  try {
    return await rowsOn<T>(client, statement, values);
  } finally {
    giveBack();
  }
}

/**
 * A transaction on one connection of the pool. Statements are written to the server as they are
 * asked for, without waiting for the answer of the one before (node-postgres's pipeline mode): a
 * statement that does not depend on the previous one's rows (and a COMMIT after the last) is asked
 * for at once, and PostgreSQL runs it as soon as it has answered the one before, so no round trip
 * to the service separates them while locks are held (docs/performance.md, issue 43). A statement
 * that fails aborts the transaction: those behind it fail too, and COMMIT rolls it back.
 * The first of commit and rollback ends it and gives the connection back; the other does nothing.
 */
export interface PgTransaction {
  rows<T extends QueryResultRow>(statement: Prepared, values: unknown[]): Promise<T[]>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Begins a transaction of named statements; the caller ends it with commit or, on any failure, rollback. */
export async function beginPgTransaction(sequelize: Sequelize): Promise<PgTransaction> {
  const { client, giveBack: giveBackUnpiped } = await borrow(sequelize);
  // Pipeline mode (https://node-postgres.com/features/pipelining) is a client's constructor option,
  // which Sequelize does not pass on, and it refuses COPY and cursors: the pool's connection is put
  // in it for this transaction only, and out of it before it goes back, once every answer is in.
  const piped = client as Client & { pipeline: boolean };
  piped.pipeline = true;
  const giveBack = () => {
    piped.pipeline = false;
    giveBackUnpiped();
  };
  let ended = false;
  const end = async (command: 'COMMIT' | 'ROLLBACK') => {
    if (ended) return;
    ended = true;
    try {
      // After a failed statement PostgreSQL answers COMMIT with a rollback: nothing is half written.
      await client.query(command);
    } finally {
      giveBack();
    }
  };
  try {
    // Answered before any statement is sent: a statement must never run outside the transaction.
    await client.query('BEGIN');
  } catch (error) {
    giveBack();
    throw error;
  }
  return {
    rows: (statement, values) => rowsOn(client, statement, values),
    commit: () => end('COMMIT'),
    // A rollback that fails leaves nothing to undo: the connection broke, and the transaction with it.
    rollback: () => end('ROLLBACK').catch(() => undefined),
  };
}
