import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, isListening } from '../../../scripts/stack/wait';
import { eventually } from '../../helpers/worker-process';
import { launchTestStack, pathWithout, processesMentioning, within } from '../../helpers/stack-launcher';

// The launcher as a new user meets it: run as a child process, with its own free ports and data.
describe('starting the local stack', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-start-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('comes up from a data folder inside a mode-700 home and PostgreSQL answers', async () => {
    // Like `git clone … ~/studio` under root's home: nobody but the owner may traverse it.
    const home = path.join(scratch, 'home');
    fs.mkdirSync(home, { mode: 0o700 });
    fs.chmodSync(home, 0o700);
    const dir = path.join(home, 'studio', '.data');
    const launched = launchTestStack(dir, {});
    const envFile = path.join(dir, 'env.json');
    await eventually(
      'env.json of the stack',
      async () => fs.existsSync(envFile) || launched.child.exitCode !== null,
      45_000,
    );
    if (!fs.existsSync(envFile)) throw new Error(`the stack did not come up: ${launched.stderr()}`);
    const env = JSON.parse(fs.readFileSync(envFile, 'utf8')) as Record<string, string>;

    const client = new Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ one: number; migrated: boolean }>(
      "SELECT 1 AS one, to_regclass('public.users') IS NOT NULL AS migrated",
    );
    const dataDir = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0].data_directory;
    await client.end();
    expect(rows[0]).toEqual({ one: 1, migrated: true });

    launched.child.kill('SIGTERM');
    expect(await within('the launcher to stop', launched.exited, 30_000)).toBe(0);
    expect(launched.stderr()).not.toMatch(/^\s+at /m);
    expect(processesMentioning(dataDir)).toEqual([]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  const unrunnable = [
    {
      what: 'a temporal file that is not executable',
      write: (file: string) => fs.writeFileSync(file, 'not a program\n', { mode: 0o644 }),
      reason: /^\[test stack\] Temporal did not start: cannot run \S+\/temporal \(EACCES\)$/,
    },
    {
      what: 'a temporal that exits at once',
      write: (file: string) =>
        fs.writeFileSync(file, '#!/bin/sh\necho "temporal: database is locked" >&2\nexit 3\n', { mode: 0o755 }),
      reason:
        /^\[test stack\] Temporal did not start: exited with code 3: "temporal: database is locked" \(log: \S+\)$/,
    },
  ];

  it.each(unrunnable)(
    'names Temporal in one line, exits non-zero and leaves nothing running, given $what',
    async ({ write, reason }) => {
      const tools = path.join(scratch, 'tools');
      fs.mkdirSync(tools);
      write(path.join(tools, 'temporal'));
      const dir = path.join(scratch, 'stack');
      const pgPort = await freePort();
      const launched = launchTestStack(dir, {
        STUDIO_TOOLS_DIR: tools,
        PATH: pathWithout('temporal'),
        POSTGRES_PORT: String(pgPort),
      });

      const code = await within('the launcher to give up', launched.exited, 45_000);
      expect(code).toBe(1);
      // PostgreSQL had started before Temporal was tried: it is the part that must be cleaned up.
      expect(launched.stdout()).toContain('Starting Temporal');
      const failures = launched
        .stderr()
        .split('\n')
        .filter((l) => /did not start|Error|^\s+at /.test(l));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(reason);
      expect(await isListening(pgPort)).toBe(false);
      expect(processesMentioning(dir)).toEqual([]);
      expect(processesMentioning(`-p ${pgPort} `)).toEqual([]);
      expect(fs.existsSync(dir)).toBe(false);
    },
  );
});
