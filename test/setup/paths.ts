import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** The folder of every test run's stack: one per run, named by the jest process that started it. */
export const testStacksRoot = path.join(repoRoot, '.data', 'test-stacks');
/**
 * Where this test run's stack keeps its data and writes env.json: global-setup names it (and
 * passes it on to jest's workers) so that two runs in one clone, a single file beside the whole
 * suite, never share, or remove, each other's stack.
 */
export const testStackDir = process.env.STUDIO_TEST_STACK_DIR ?? path.join(testStacksRoot, String(process.pid));
/**
 * The command that runs a TypeScript file under tsx on the Node.js running this test (24, the
 * project's own): `node --import tsx`, never `node_modules/.bin/tsx`, whose `#!/usr/bin/env node`
 * would take whichever `node` comes first on PATH (the machine's 20 outside npm scripts).
 */
export function tsxCommand(file: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', file, ...args]];
}
