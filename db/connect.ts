import { type Sequelize } from 'sequelize-typescript';
import { ConfigError } from '../lib/config';
import { withTimeout } from '../lib/with-timeout';

/** Fails start-up with one line naming DATABASE_URL (password hidden) when the database does not answer. */
export async function assertDatabaseReachable(sequelize: Sequelize, url: string, timeoutMs = 5_000): Promise<void> {
  const safeUrl = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  try {
    await withTimeout(sequelize.authenticate(), timeoutMs, 'PostgreSQL');
  } catch (err) {
    const cause = (err as { parent?: Error }).parent ?? (err as Error);
    throw new ConfigError(
      `The database is not reachable at DATABASE_URL=${safeUrl}: ${cause.message || (err as Error).name}`,
    );
  }
}
