import { Client, Connection } from '@temporalio/client';
import { type Config } from './config';
import { withTimeout } from './with-timeout';

/**
 * Connects to Temporal, failing within `timeoutMs` with a message naming TEMPORAL_ADDRESS
 * instead of retrying forever: a wrong address must stop start-up with one clear line.
 */
export async function connectTemporal(
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE'>,
  timeoutMs = 5_000,
): Promise<{ connection: Connection; client: Client }> {
  let connection: Connection;
  try {
    connection = await withTimeout(
      Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: timeoutMs }),
      timeoutMs,
      'Temporal',
    );
  } catch (err) {
    throw new Error(
      `Temporal is not reachable at TEMPORAL_ADDRESS=${config.TEMPORAL_ADDRESS}: ${(err as Error).message}`,
    );
  }
  return { connection, client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }) };
}
