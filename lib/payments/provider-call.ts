import { type Logger } from 'pino';
import { UnavailableError } from '../../domain/errors';

/**
 * A call to a payment provider (never under a transaction): a failure is logged (the message
 * only, never the request) and answered as 503, which the client may retry later.
 */
export async function callProvider<T>(logger: Logger, name: 'card' | 'wallet', call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    logger.warn({ err: (err as Error).message, provider: name }, 'Payment provider call failed');
    throw new UnavailableError(`The ${name} payment provider did not answer; try again later`);
  }
}
