// Records the workflow histories listed in test/histories/index.ts: runs each recipe on the
// time-skipping test server with its fake activities and saves the history as JSON, for the
// replay test to check that workflow code changes stay deterministic.
//
//   npx tsx scripts/record-workflow-histories.ts                 # every listed history
//   npx tsx scripts/record-workflow-histories.ts switchedJob     # only files containing the word
//
// Re-record a history only when its workflow changed on purpose and old runs can no longer be
// running (otherwise guard the change with `patched()` and keep the old history).
import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { historyWorkflowId, SAVED_HISTORIES } from '../test/histories';
import { historyToJsonText } from '../test/histories/history-json';
import { bundleWorkflows, startTimeSkippingEnv } from '../test/helpers/time-skipping';

const HISTORIES_DIR = path.resolve(__dirname, '..', 'test', 'histories');
const TASK_QUEUE = 'record-histories';

async function main() {
  const filter = process.argv[2];
  const chosen = SAVED_HISTORIES.filter((h) => !filter || h.file.includes(filter));
  if (chosen.length === 0) throw new Error(`No history in test/histories/index.ts matches "${filter}"`);

  const env = await startTimeSkippingEnv();
  const bundles = new Map<string, Promise<WorkflowBundle>>();
  try {
    for (const saved of chosen) {
      if (!bundles.has(saved.workflowsPath)) bundles.set(saved.workflowsPath, bundleWorkflows(saved.workflowsPath));
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue: TASK_QUEUE,
        workflowBundle: await bundles.get(saved.workflowsPath)!,
        activities: saved.record.activities(),
      });
      // A fresh workflow id per recording run: the test server keeps closed runs for its lifetime.
      const handle = await env.client.workflow.start(saved.record.workflowType, {
        taskQueue: TASK_QUEUE,
        workflowId: historyWorkflowId(saved),
        args: saved.record.args,
      });
      // Activities a workflow sends to another queue (the kept pdf on `documents`) get a worker there.
      const others = await Promise.all(
        Object.entries(saved.record.otherQueues ?? {}).map(async ([taskQueue, activities]) =>
          Worker.create({
            connection: env.nativeConnection,
            taskQueue,
            workflowBundle: await bundles.get(saved.workflowsPath)!,
            activities: activities(),
          }),
        ),
      );
      // A failing workflow is a valid recording too (the dead-letter path): keep its history.
      const result = handle.result().then(
        () => 'completed',
        (err: Error) => `failed: ${err.message}`,
      );
      const outcome = await others.reduce<Promise<string>>(
        (running, other) => other.runUntil(running),
        worker.runUntil(result),
      );
      const history = await handle.fetchHistory();
      const file = path.join(HISTORIES_DIR, saved.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, historyToJsonText(history));
      console.log(`${saved.file}: ${outcome}, ${history.events?.length ?? 0} events`);
    }
  } finally {
    await env.teardown();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
