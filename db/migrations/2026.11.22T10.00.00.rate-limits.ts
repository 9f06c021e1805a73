import { type Migration, runSql } from '../migrator';

/**
 * Rate-limit counters shared by every api process (api/middleware/rate-limit.ts). The columns are
 * the ones rate-limiter-flexible's Postgres store reads and writes (key, points, expire in epoch
 * ms); the store is told the table exists, so no process creates it at run time. The key is
 * `text` rather than the store's own varchar(255): a login key holds the address and an email of
 * up to 255 characters. The index serves the store's periodic `DELETE ... WHERE expire < $1`.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
`,
  );

export const down: Migration['down'] = ({ context }) => runSql(context, 'DROP TABLE rate_limits;');
