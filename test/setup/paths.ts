import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** Where the test run's stack keeps its data and writes env.json. */
export const testStackDir = path.join(repoRoot, '.data', 'test-stack');
/**
 * The command that runs a TypeScript file under tsx on the Node.js running this test (24, the
 * project's own): `node --import tsx`, never `node_modules/.bin/tsx`, whose `#!/usr/bin/env node`
 * would take whichever `node` comes first on PATH (the machine's 20 outside npm scripts).
 */
export function tsxCommand(file: string, ...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', file, ...args]];
}
