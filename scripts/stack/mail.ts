import path from 'node:path';
import { type Managed, startProcess, whenReady } from './process';
import { waitFor } from './wait';

/** MailDev 2.1.0: an SMTP sink with a web UI and a REST API (`GET /email`) that tests read. */
export async function startMailDev(opts: { smtpPort: number; webPort: number; logDir: string }): Promise<Managed> {
  const bin = path.resolve(__dirname, '..', '..', 'node_modules', 'maildev', 'bin', 'maildev');
  const logFile = path.join(opts.logDir, 'maildev.log');
  const managed = startProcess(
    'MailDev',
    process.execPath,
    [bin, '--smtp', String(opts.smtpPort), '--web', String(opts.webPort), '--ip', '127.0.0.1', '--silent'],
    { logFile },
  );
  const web = `http://127.0.0.1:${opts.webPort}`;
  return whenReady(
    managed,
    waitFor('MailDev', async () => (await fetch(`${web}/email`)).ok, 20_000),
  );
}
