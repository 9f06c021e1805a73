import { type ChildProcess } from 'node:child_process';
import { stopLaneWorkers } from '../helpers/worker-process';
import { testStackDir } from './paths';

/** Stops the lanes' workers, then the stack started by global-setup, and waits for both to exit. */
export default async function globalTeardown(): Promise<void> {
  await stopLaneWorkers(testStackDir);
  const child = (globalThis as { __testStack?: ChildProcess }).__testStack;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
