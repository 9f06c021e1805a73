import path from 'node:path';
import { type Managed, startProcess, whenReady } from './process';
import { ensureTool } from './tools';
import { freePort, isListening, waitFor } from './wait';

/** stripe-mock v0.203.0: the card provider's own mock of its API, that the `stripe` SDK talks to locally. */
export async function startStripeMock(opts: { port: number; logDir: string; bin?: string }): Promise<Managed> {
  const bin = opts.bin ?? ensureTool('stripe-mock');
  // It also serves HTTPS, on 12112 unless told otherwise: a second stack on the machine (the
  // tests start one beside the test stack) would collide there, so that port is picked free too.
  const httpsPort = await freePort();
  const args = ['-http-addr', `127.0.0.1:${opts.port}`, '-https-addr', `127.0.0.1:${httpsPort}`];
  const managed = startProcess('stripe-mock', bin, args, { logFile: path.join(opts.logDir, 'stripe-mock.log') });
  return whenReady(
    managed,
    waitFor('stripe-mock', () => isListening(opts.port), 20_000),
  );
}
