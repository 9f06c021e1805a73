import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { systemWorkDir } from '../../../scripts/stack/postgres-layout';
import { freePort, isListening } from '../../../scripts/stack/wait';
import { eventually } from '../../helpers/worker-process';
import { processesMentioning, within } from '../../helpers/stack-launcher';
import { repoRoot } from '../../setup/paths';

// `npm start` itself (scripts/start.ts), on free ports and a scratch data folder, as a user runs
// it; its parts are killed under it like a crash or an out-of-memory kill would.

const PORT_VARIABLES = [
  'PORT',
  'WORKER_METRICS_PORT',
  'POSTGRES_PORT',
  'TEMPORAL_PORT',
  'TEMPORAL_UI_PORT',
  'S3_PORT',
  'MAILDEV_SMTP_PORT',
  'MAILDEV_WEB_PORT',
  'STRIPE_MOCK_PORT',
  'WALLET_FAKE_PORT',
  // Every part `npm start` brings up: one left on its default would meet a developer's own `npm start`.
  'PA_SIMULATOR_PORT',
  'RADICALE_PORT',
] as const;

/** One free port per variable, all different. */
async function freePorts(): Promise<Record<(typeof PORT_VARIABLES)[number], number>> {
  const taken = new Set<number>();
  while (taken.size < PORT_VARIABLES.length) taken.add(await freePort());
  const ports = [...taken];
  return Object.fromEntries(PORT_VARIABLES.map((name, i) => [name, ports[i]])) as Record<
    (typeof PORT_VARIABLES)[number],
    number
  >;
}

/** The launcher's direct children whose command line contains `needle` (its parts: servers, api, worker). */
function childOf(parent: number, needle: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      // The parent pid is the 4th field, after "(comm)", which may itself hold spaces.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (ppid === parent && cmdline.includes(needle)) found.push(Number(pid));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

function count(text: string, line: RegExp): number {
  return text.split('\n').filter((l) => line.test(l)).length;
}

describe('npm start keeps its parts running', () => {
  let scratch: string;
  let dataDir: string;
  let launcher: ChildProcess;
  let exited: Promise<number | string | null>;
  let out = '';
  let err = '';
  let ports: Awaited<ReturnType<typeof freePorts>>;
  let api: string;

  /** Kills the launcher's one child matching `needle` with SIGKILL, as the kernel's OOM killer would. */
  const kill = (what: string, needle: string) => {
    const pids = childOf(launcher.pid!, needle);
    if (pids.length !== 1) throw new Error(`expected one ${what} under the launcher, found ${pids.length}:\n${out}`);
    process.kill(pids[0], 'SIGKILL');
  };
  /** Waits until the console has said `line` `times` times (the launcher still running). */
  const said = (what: string, line: RegExp, times: number, ms: number) =>
    eventually(
      what,
      async () => {
        if (launcher.exitCode !== null)
          throw new Error(`the launcher exited while waiting for ${what}:\n${out}\n${err}`);
        return count(out, line) >= times;
      },
      ms,
    );

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restarts-'));
    dataDir = path.join(scratch, '.data');
    ports = await freePorts();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: process.env.LANG,
      STUDIO_TOOLS_DIR: process.env.STUDIO_TOOLS_DIR,
      STUDIO_DATA_DIR: dataDir,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    };
    launcher = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'start.ts')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    launcher.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    exited = new Promise((resolve) => launcher.once('exit', (code, signal) => resolve(code ?? signal)));
    await said('Studio service is up', /^Studio service is up/, 1, 240_000);
    api = `http://127.0.0.1:${ports.PORT}`;
  }, 300_000);

  afterAll(async () => {
    if (launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGTERM');
      await within('the launcher to stop', exited, 60_000);
    }
    fs.rmSync(scratch, { recursive: true, force: true });
    // As root the cluster lives outside the data folder (scripts/stack/postgres-layout.ts).
    if (process.getuid?.() === 0) fs.rmSync(systemWorkDir(dataDir), { recursive: true, force: true });
  }, 90_000);

  it('restarts the worker, Temporal and the S3 server killed while an export runs; the export completes once', async () => {
    const json = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(`${api}${url}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...init.headers },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const registered = await json('/api/auth/register', {
      method: 'POST',
      body: JSON.stringify({ email: 'restarts@studio.test', password: 'correct horse battery staple' }),
    });
    expect(registered.status).toBe(201);
    const auth = { authorization: `Bearer ${registered.body.accessToken as string}` };
    const ownerId = (registered.body.user as { id: string }).id;
    for (const [first_name, last_name] of [
      ['Anaïs', 'Müller'],
      ['Élodie', 'Martin'],
    ]) {
      expect(
        (
          await json('/api/contacts', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ first_name, last_name }),
          })
        ).status,
      ).toBe(201);
    }

    // The worker first: the export then waits in Temporal, running, through the other kills.
    kill('worker', 'workers/main.ts');
    await said('the worker stopped', /^worker stopped: was killed by SIGKILL.*restarting it in/, 1, 15_000);
    const accepted = await json('/api/export/async?entity=contacts&format=csv&fields=first_name,last_name', {
      headers: auth,
    });
    expect(accepted.status).toBe(202);
    const jobRunId = accepted.body.jobRunId as string;

    kill('Temporal', 'server start-dev');
    await said('Temporal stopped', /^Temporal stopped: was killed by SIGKILL.*restarting it in/, 1, 15_000);
    await said('Temporal back', /^Temporal is back\.$/, 1, 60_000);
    kill('S3 server', ' posix ');
    await said('S3 stopped', /^S3 \(Versity Gateway\) stopped: was killed by SIGKILL.*restarting it in/, 1, 15_000);
    await said('S3 back', /^S3 \(Versity Gateway\) is back\.$/, 1, 30_000);
    await said('the worker back', /^worker is back\.$/, 1, 180_000);

    const done = await eventually(
      'the export completed',
      async () => {
        const status = await json(`/api/export/jobs/${jobRunId}`, { headers: auth });
        return status.body.status === 'COMPLETED' ? status.body : undefined;
      },
      120_000,
    );
    expect(done).toMatchObject({ rowCount: 2, filename: expect.stringMatching(/\.csv$/) });
    const csv = await (await fetch(done.url as string)).text();
    expect(csv).toContain('Müller');

    // Once: one job run, one file.
    const db = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${ports.POSTGRES_PORT}/studio` });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; status: string }>(
        "SELECT id, status FROM job_runs WHERE job_name = 'export'",
      );
      expect(rows).toEqual([{ id: jobRunId, status: 'COMPLETED' }]);
      // The api and the worker log in as the service's own user, not the tables' owner (issue 44 §3).
      const logins = await db.query<{ usename: string; bypass: boolean }>(
        `SELECT DISTINCT a.usename, r.rolsuper OR r.rolbypassrls AS bypass
           FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
          WHERE a.datname = 'studio' AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
      );
      expect(logins.rows).toEqual([{ usename: 'studio_service', bypass: false }]);
    } finally {
      await db.end();
    }
    const s3 = new S3Client({
      endpoint: `http://127.0.0.1:${ports.S3_PORT}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'studio-local', secretAccessKey: 'studio-local-secret' },
    });
    try {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'studio', Prefix: `exports/${ownerId}/` }));
      expect((listed.Contents ?? []).map((o) => o.Key)).toEqual([done.key]);
    } finally {
      s3.destroy();
    }

    // Ready again: database, Temporal and storage all answer.
    await eventually('/ready answers 200', async () => (await fetch(`${api}/ready`)).status === 200, 30_000);
    expect(`${out}\n${err}`).not.toMatch(/keeps stopping|did not start|did not come back/);
  }, 420_000);

  it('stops everything and exits non-zero naming a part that keeps stopping', async () => {
    // stripe-mock killed each time it is back: the fifth failure within a minute ends the launcher.
    for (let kills = 1; kills <= 5; kills += 1) {
      kill('stripe-mock', 'stripe-mock');
      if (kills < 5) await said(`stripe-mock back (${kills})`, /^stripe-mock is back\.$/, kills, 30_000);
    }
    expect(await within('the launcher to give up', exited, 60_000)).toBe(1);
    const failures = err.split('\n').filter((l) => /keeps stopping|did not start|Error|^\s+at /.test(l));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^stripe-mock keeps stopping \(5 times in \d+(\.\d)? s\), given up: stripe-mock stopped: was killed by SIGKILL/,
    );
    expect(count(out, /^stripe-mock stopped: was killed by SIGKILL/)).toBe(4);
    // Nothing of this stack is left running or listening.
    expect(processesMentioning(dataDir)).toEqual([]);
    expect(processesMentioning(systemWorkDir(dataDir))).toEqual([]);
    for (const port of [ports.PORT, ports.POSTGRES_PORT, ports.TEMPORAL_PORT, ports.S3_PORT, ports.STRIPE_MOCK_PORT])
      expect(await isListening(port)).toBe(false);
  }, 120_000);
});
