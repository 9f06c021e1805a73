import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type ApiProcess, startApiProcess } from '../../helpers/api-process';
import { repoRoot, testStackDir } from '../../setup/paths';

// The processes the tests and `npm start` start run on the project's Node.js 24 too, and the
// AWS SDK's NodeVersionSupportWarning (printed under Node 20) is gone (docs/decisions.md).
describe('Node.js 24 in child processes', () => {
  let api: ApiProcess | undefined;
  afterAll(async () => {
    await api?.stop();
  });

  it('`node` and `tsx` by name (PATH, shebangs) are 24 in the test run', () => {
    expect(execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()).toMatch(/^24\./);
    const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
    expect(
      execFileSync(tsx, ['-e', 'console.log(process.versions.node)'], { encoding: 'utf8', cwd: repoRoot }).trim(),
    ).toMatch(/^24\./);
  });

  it('the api process runs on 24 (its /metrics) and writes no Node or AWS SDK warning', async () => {
    api = await startApiProcess('node-runtime');
    const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^nodejs_version_info\{[^}]*major="24"/m);
    const port = new URL(api.baseUrl).port;
    const raw = fs.readFileSync(path.join(testStackDir, 'logs', `node-runtime-${process.pid}-${port}.log`), 'utf8');
    // The S3 client is built at start: under Node 20 its constructor emits the warning.
    expect(raw).not.toMatch(/NodeVersionSupportWarning|\(node:\d+\) \w*Warning/);
  });
});
