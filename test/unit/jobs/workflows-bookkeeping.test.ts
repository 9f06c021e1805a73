import fs from 'node:fs';
import path from 'node:path';

// The job-run workflow interceptor wraps every job in its bookkeeping. A workflow that also calls
// runJob itself would record its start and end twice: none may.
const root = path.resolve(__dirname, '..', '..', '..');

function workflowFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'job-run' ? [] : workflowFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('job workflows', () => {
  it('leave their bookkeeping to the job-run interceptor (no runJob call of their own)', () => {
    const offenders = [
      ...workflowFiles(path.join(root, 'workflows')),
      path.join(root, 'test/fixtures/job-workflows.ts'),
    ].filter((file) => /\brunJob\(/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
