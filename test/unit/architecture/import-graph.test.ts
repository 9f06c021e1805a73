import { execFile } from 'node:child_process';
import path from 'node:path';

// The import graph of the source folders has no arrow from a lower layer to a higher one
// (scripts/depcheck.mjs: dependency-cruiser with .dependency-cruiser.cjs; docs/architecture.md,
// "Layers"). A few seconds, so it runs with every `npm test`.
const root = path.resolve(__dirname, '../../..');

it('has no import from a lower layer to a higher one', async () => {
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/depcheck.mjs')],
      { cwd: root, maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
  expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('no dependency violations found') });
}, 60_000);
