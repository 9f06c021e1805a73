import path from 'node:path';
import { type Managed, startProcess, whenReady } from './process';
import { ensureTool } from './tools';
import { isListening, waitFor } from './wait';

/** stripe-mock v0.203.0: the card provider's own mock of its API, that the `stripe` SDK talks to locally. */
export async function startStripeMock(opts: { port: number; logDir: string }): Promise<Managed> {
  const bin = ensureTool('stripe-mock');
  const managed = startProcess('stripe-mock', bin, ['-http-addr', `127.0.0.1:${opts.port}`], { logFile: path.join(opts.logDir, 'stripe-mock.log') });
  return whenReady(managed, waitFor('stripe-mock', () => isListening(opts.port), 20_000));
}
