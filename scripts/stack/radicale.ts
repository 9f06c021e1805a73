import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Managed, startProcess, whenReady } from './process';
import { toolsDir } from './tools';
import { isListening, waitFor } from './wait';

const run = promisify(execFile);

/**
 * Radicale, a CalDAV server from PyPI (issue 45 §3): the local stacks' calendar server, as
 * stripe-mock is their card provider. A member connects a calendar of it as they would their
 * iCloud or Fastmail calendar. Pinned; installed once per machine into a venv beside the other tools.
 */
export const RADICALE_VERSION = '3.5.4';

/** The account of the local stacks' Radicale, and the calendar made for it. */
export const LOCAL_CALENDAR = { username: 'studio', password: 'studio-local-calendar', calendar: 'bookings' } as const;

const venvDir = () => path.join(toolsDir(), `radicale-${RADICALE_VERSION}`);
const python = (dir: string) => path.join(dir, 'bin', 'python');

async function works(dir: string): Promise<boolean> {
  try {
    await run(python(dir), ['-c', 'import radicale'], { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The venv's python with Radicale installed: found, or made (python3 -m venv, then pip). Made
 * under a name of its own and renamed, so two launchers installing at once each end with one
 * whole venv.
 */
export async function ensureRadicale(log: (line: string) => void): Promise<string> {
  const target = venvDir();
  if (await works(target)) return python(target);
  const staging = `${target}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  log(`Installing Radicale ${RADICALE_VERSION} from PyPI (the local CalDAV server)...`);
  const started = Date.now();
  try {
    await run('python3', ['-m', 'venv', staging], { timeout: 120_000 });
    await run(
      python(staging),
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `radicale==${RADICALE_VERSION}`],
      {
        timeout: 300_000,
      },
    );
    if (!(await works(target))) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(staging, target);
    }
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? (err as Error).message).trim();
    throw new Error(
      `Radicale could not be installed (python3 -m venv and pip are needed: apt-get install python3-venv): ${stderr.split('\n').slice(-1)[0]}`,
    );
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  log(`Installed Radicale ${RADICALE_VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return python(target);
}

/** The calendar collection of the local account, made once (MKCALENDAR; one already there is fine). */
async function makeLocalCalendar(baseUrl: string): Promise<string> {
  const url = `${baseUrl}/${LOCAL_CALENDAR.username}/${LOCAL_CALENDAR.calendar}/`;
  const authorization = `Basic ${Buffer.from(`${LOCAL_CALENDAR.username}:${LOCAL_CALENDAR.password}`).toString('base64')}`;
  const response = await fetch(url, {
    method: 'MKCALENDAR',
    headers: { authorization, 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>Bookings</D:displayname></D:prop></D:set>
</C:mkcalendar>`,
  });
  // 201: made now; 405 or 409: there already (a restart of `npm start` keeps its data).
  if (![201, 405, 409].includes(response.status))
    throw new Error(`Radicale refused to make the local calendar (${response.status})`);
  return url;
}

/**
 * Starts Radicale on 127.0.0.1:`port`, its collections and users under `dataDir` (kept by `npm
 * start`, thrown away by the test stack), with one account (`LOCAL_CALENDAR`, its password in a
 * plain htpasswd file: a local server) and its calendar made. Answers the process, the server's
 * address and the calendar's.
 */
export async function startRadicale(opts: {
  port: number;
  dataDir: string;
  logDir: string;
  python: string;
}): Promise<{ managed: Managed; url: string; calendarUrl: string }> {
  const home = path.join(opts.dataDir, 'radicale');
  fs.mkdirSync(path.join(home, 'collections'), { recursive: true });
  const users = path.join(home, 'users');
  fs.writeFileSync(users, `${LOCAL_CALENDAR.username}:${LOCAL_CALENDAR.password}\n`, { mode: 0o600 });
  const config = path.join(home, 'config');
  fs.writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${opts.port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${users}`,
      'htpasswd_encryption = plain',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(home, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const managed = startProcess('Radicale', opts.python, ['-m', 'radicale', '--config', config], {
    logFile: path.join(opts.logDir, 'radicale.log'),
  });
  await whenReady(
    managed,
    waitFor('Radicale', () => isListening(opts.port), 30_000),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  return { managed, url, calendarUrl: await makeLocalCalendar(url) };
}
