import { type ClientBase } from 'pg';
import { type Sequelize } from 'sequelize-typescript';

/**
 * Runs `work` on one raw pg connection of the Sequelize pool (COPY and row-array reads need the
 * driver itself). A connection that saw an error is destroyed, not returned: a COPY cut short
 * leaves it in a state the next user should not inherit.
 */
// eslint-disable-next-line no-restricted-syntax -- a pooled connection lent for a read (no transaction, no lock); exports stream through it
export async function withConnection<T>(sequelize: Sequelize, work: (client: ClientBase) => Promise<T>): Promise<T> {
  const manager = sequelize.connectionManager;
  const connection = await manager.getConnection({ type: 'read' });
  try {
    const result = await work(connection as unknown as ClientBase);
    manager.releaseConnection(connection);
    return result;
  } catch (err) {
    await manager.destroyConnection(connection).catch(() => undefined);
    throw err;
  }
}
