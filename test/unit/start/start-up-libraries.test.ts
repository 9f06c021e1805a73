import { execFileSync } from 'node:child_process';
import path from 'node:path';

// A worker loads every activity's module when it starts, whichever queues it polls. The large
// libraries only a few jobs use are required by their first use instead (lib/facturx/generate.ts,
// lib/imports/sheetjs.ts, lib/docx-library.ts), so the exports worker does not keep them resident:
// together about 30 MB of its RSS (docs/performance.md, 2026-11-25).
const root = path.resolve(__dirname, '..', '..', '..');
const LOADED_ON_FIRST_USE = ['@e-invoice-eu/core', '@e965/xlsx', 'docx'];

/** The packages under node_modules that a fresh Node process has required after `script`. */
function packagesLoadedBy(script: string): string[] {
  const report = `${script}; const names = new Set(Object.keys(require.cache).map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(file)?.[1]).filter(Boolean)); console.log(JSON.stringify([...names]));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', report], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '[]') as string[];
}

describe("the worker's start", () => {
  it('loads every activity without the libraries that only some jobs use', () => {
    const loaded = packagesLoadedBy("require('./workers/activities')");
    expect(loaded).toEqual(expect.arrayContaining(['@temporalio/activity', 'exceljs']));
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  });
});
