import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
/** Where the test run's stack keeps its data and writes env.json. */
export const testStackDir = path.join(repoRoot, '.data', 'test-stack');
export const tsxBin = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
