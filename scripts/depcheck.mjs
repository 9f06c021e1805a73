// The import-graph check (issue 18): dependency-cruiser over the source folders with the layer
// rules of .dependency-cruiser.cjs (docs/architecture.md, "Layers"). Exits non-zero and prints
// each arrow that goes from a lower layer to a higher one. Run: `node scripts/depcheck.mjs`;
// `npm test` runs it through test/unit/architecture/import-graph.test.ts (a few seconds).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_FOLDERS = ['api', 'activities', 'workers', 'workflows', 'db', 'lib', 'domain', 'services'];

const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const result = spawnSync(
  process.execPath,
  [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...SOURCE_FOLDERS],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
