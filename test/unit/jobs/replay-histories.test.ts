import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { historyWorkflowId, SAVED_HISTORIES, type SavedHistory } from '../../histories';
import { historyFromJsonText } from '../../histories/history-json';
import { bundleWorkflows } from '../../helpers/time-skipping';

const HISTORIES_DIR = path.resolve(__dirname, '..', '..', 'histories');

function savedJsonFiles(dir = HISTORIES_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return savedJsonFiles(full);
    return entry.name.endsWith('.json') ? [path.relative(HISTORIES_DIR, full).split(path.sep).join('/')] : [];
  });
}

describe('saved workflow histories', () => {
  it('lists every saved history in test/histories/index.ts, and every listed history is saved', () => {
    // An unlisted file would never be replayed; a listed one missing would replay nothing.
    expect(savedJsonFiles().sort()).toEqual(SAVED_HISTORIES.map((h) => h.file).sort());
  });

  it('replay against the current workflow code without a determinism error', async () => {
    // One bundle and one replay worker per workflows module, each replaying all of its histories.
    const byModule = new Map<string, SavedHistory[]>();
    for (const saved of SAVED_HISTORIES)
      byModule.set(saved.workflowsPath, [...(byModule.get(saved.workflowsPath) ?? []), saved]);

    const failures: string[] = [];
    let replayed = 0;
    for (const [workflowsPath, histories] of byModule) {
      const workflowBundle = await bundleWorkflows(workflowsPath);
      const inputs = histories.map((saved) => ({
        workflowId: historyWorkflowId(saved),
        history: historyFromJsonText(fs.readFileSync(path.join(HISTORIES_DIR, saved.file), 'utf8')),
      }));
      for await (const result of Worker.runReplayHistories({ workflowBundle }, inputs)) {
        replayed += 1;
        if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(replayed).toBe(SAVED_HISTORIES.length);
  }, 120_000);
});
