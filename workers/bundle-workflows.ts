import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The workflow bundle of this process, made in a child process (workers/bundle-workflows-child.ts).
 * Bundling in the worker itself left webpack's ~250 MB peak resident in every worker for good
 * (V8 does not give freed heap back): a worker doing a 1 M-row export then passed 400 MB of RSS,
 * against about 170 MB with the bundle made next door (docs/performance.md).
 */
export async function bundleWorkflowsInChild(): Promise<{ code: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workflow-bundle-'));
  const outFile = path.join(dir, 'workflows.js');
  try {
    await bundleWorkflowsTo(outFile);
    return { code: fs.readFileSync(outFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The worker's workflow code: the bundle made ahead of time when `prebuilt` names one
 * (WORKFLOW_BUNDLE_FILE: the image's, the test stack's), else bundled now in a child process.
 */
export async function workerWorkflowBundle(prebuilt: string): Promise<{ code: string }> {
  if (!prebuilt) return bundleWorkflowsInChild();
  try {
    return { code: fs.readFileSync(prebuilt, 'utf8') };
  } catch (err) {
    throw new Error(`WORKFLOW_BUNDLE_FILE=${prebuilt} cannot be read: ${(err as Error).message}`);
  }
}

/**
 * Bundles the workflow code into `outFile`, in a child process (the test stack makes its bundle
 * this way); `signal` kills the child (a stack that stops while it bundles leaves nothing behind).
 */
export async function bundleWorkflowsTo(outFile: string, signal?: AbortSignal): Promise<void> {
  // The child runs the way this process does: compiled JavaScript (the image), or TypeScript
  // through tsx's loader. No heap cap is passed on (a capped exports worker's NODE_OPTIONS
  // would starve webpack).
  const compiled = __filename.endsWith('.js');
  const child = path.join(__dirname, `bundle-workflows-child.${compiled ? 'js' : 'ts'}`);
  const env = { ...process.env, NODE_OPTIONS: '' };
  await execFileAsync(process.execPath, [...(compiled ? [] : ['--import', 'tsx']), child, outFile], {
    cwd: path.resolve(__dirname, '..'),
    env,
    maxBuffer: 1024 * 1024,
    signal,
  });
}
