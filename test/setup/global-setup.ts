import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, testStackDir, tsxCommand } from './paths';

/**
 * Starts one stack for the whole integration run (PostgreSQL, Temporal, S3, MailDev on free
 * ports) in a child process, with a lane for each of jest's workers, and waits for its env.json.
 * The first run on a machine may build the Go servers, hence the long deadline.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const envFile = path.join(testStackDir, 'env.json');
  fs.rmSync(envFile, { force: true });
  const lanes = String(Math.max(1, globalConfig.maxWorkers));
  const child = spawn(
    ...tsxCommand(path.join(repoRoot, 'scripts', 'stack', 'serve-test-stack.ts'), testStackDir, lanes),
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  (globalThis as { __testStack?: typeof child }).__testStack = child;
  const deadline = Date.now() + 20 * 60_000;
  while (!fs.existsSync(envFile)) {
    if (child.exitCode !== null)
      throw new Error(`The test stack exited with code ${child.exitCode}; see the lines above`);
    if (Date.now() > deadline) throw new Error('The test stack did not come up within 20 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
}
