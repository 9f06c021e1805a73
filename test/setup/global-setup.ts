import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, testStacksRoot, tsxCommand } from './paths';

/** Removes the stack folders of runs whose jest process is gone (a run killed before its teardown). */
function removeAbandonedStacks(): void {
  if (!fs.existsSync(testStacksRoot)) return;
  for (const name of fs.readdirSync(testStacksRoot)) {
    const pid = Number(name);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = Number.isInteger(pid) && pid > 0;
    } catch {
      // No such process: the folder is left over.
    }
    if (!alive) fs.rmSync(path.join(testStacksRoot, name), { recursive: true, force: true });
  }
}

/**
 * Starts one stack for the whole integration run (PostgreSQL, Temporal, S3, MailDev on free
 * ports) in a child process, with a lane for each of jest's workers, and waits for its env.json.
 * The stack's folder is this run's own (STUDIO_TEST_STACK_DIR, inherited by jest's workers). The
 * first run on a machine may build the Go servers, hence the long deadline.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  removeAbandonedStacks();
  const dir = path.join(testStacksRoot, String(process.pid));
  process.env.STUDIO_TEST_STACK_DIR = dir;
  const envFile = path.join(dir, 'env.json');
  fs.rmSync(envFile, { force: true });
  const lanes = String(Math.max(1, globalConfig.maxWorkers));
  const child = spawn(...tsxCommand(path.join(repoRoot, 'scripts', 'stack', 'serve-test-stack.ts'), dir, lanes), {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  (globalThis as { __testStack?: typeof child }).__testStack = child;
  const deadline = Date.now() + 20 * 60_000;
  while (!fs.existsSync(envFile)) {
    if (child.exitCode !== null)
      throw new Error(`The test stack exited with code ${child.exitCode}; see the lines above`);
    if (Date.now() > deadline) throw new Error('The test stack did not come up within 20 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
}
