import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../scripts/stack/wait';
import { repoRoot } from '../../setup/paths';

/** Runs a process entry with `env` and returns its exit code and output (deadline: 40 s, so a hang fails). */
function run(entry: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, entry)], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} hung with a bad configuration`));
    }, 40_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim(), ms: Date.now() - started });
    });
  });
}

describe('bad configuration', () => {
  it.each(['api/main.ts', 'workers/main.ts'])(
    '%s exits non-zero with one line when DATABASE_URL is unreachable',
    async (entry) => {
      const port = await freePort();
      const result = await run(entry, {
        ...process.env,
        DATABASE_URL: `postgres://studio:secret-pw@127.0.0.1:${port}/studio`,
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/DATABASE_URL=postgres:\/\/studio:\*\*\*@127\.0\.0\.1/);
      expect(result.stderr).not.toContain('secret-pw');
    },
  );

  it.each(['api/main.ts', 'workers/main.ts'])(
    '%s exits non-zero with one line when TEMPORAL_ADDRESS is unreachable',
    async (entry) => {
      const port = await freePort();
      const result = await run(entry, { ...process.env, TEMPORAL_ADDRESS: `127.0.0.1:${port}` });
      expect(result.code).not.toBe(0);
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`TEMPORAL_ADDRESS=127.0.0.1:${port}`);
    },
  );

  it('names a missing or malformed variable in one line', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, JWT_SECRET: 'short', SMTP_URL: 'not a url' };
    delete env.DATABASE_URL;
    const result = await run('api/main.ts', env);
    expect(result.code).not.toBe(0);
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/DATABASE_URL is missing/);
    expect(result.stderr).toMatch(/JWT_SECRET is invalid/);
    expect(result.stderr).toMatch(/SMTP_URL is invalid/);
  });
});
