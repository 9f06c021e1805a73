import { type Pool, type PoolClient } from 'pg';
import { type Logger } from 'pino';
import { MEMBERSHIP_CHANNEL } from '../../db/commands/team';

/** How long to wait before listening again after the connection was lost (PostgreSQL restarting). */
const RETRY_MS = 1_000;

/**
 * Makes this api process's guard forget an account whose membership changed in any process (a
 * member removed, ownership handed over, an invitation accepted: db/commands/team.ts tells it at
 * commit), so the guard's cache of a few seconds never lets a removed member in. One connection
 * of `pool` holds the LISTEN; it listens again after a lost connection. Answers how to stop.
 */
export function forgetOnMembershipChange(
  pool: Pool,
  forget: (userId: string) => void,
  logger: Logger,
): { stop: () => Promise<void> } {
  let client: PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, RETRY_MS);
  };
  const listen = async () => {
    try {
      const connected = await pool.connect();
      client = connected;
      connected.on('notification', (message) => {
        if (message.channel === MEMBERSHIP_CHANNEL && message.payload) forget(message.payload);
      });
      connected.on('error', (err) => {
        logger.warn({ err: err.message }, 'membership changes: connection lost; listening again');
        connected.release(err);
        client = undefined;
        again();
      });
      await connected.query(`LISTEN ${MEMBERSHIP_CHANNEL}`);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'membership changes: cannot listen yet; trying again');
      client?.release(err as Error);
      client = undefined;
      again();
    }
  };
  void listen();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      client?.release(true);
      client = undefined;
    },
  };
}
