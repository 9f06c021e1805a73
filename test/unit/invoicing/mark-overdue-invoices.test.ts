// The overdue scan's workflow on Temporal's time-skipping server with a stand-in activity: it calls
// again while a batch comes back full, and stops at the first short batch (or its batch cap).
import crypto from 'node:crypto';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';
import { MARK_OVERDUE_INVOICES } from '../../../workflows/maintenance/contract';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/maintenance/mark-overdue-invoices')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

async function scan(batches: number[]): Promise<{ total: number; calls: number }> {
  let calls = 0;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: MARK_OVERDUE_INVOICES.taskQueue,
    workflowBundle: bundle,
    activities: { markOverdueInvoices: async () => batches[calls++] ?? 0 },
  });
  const total = await worker.runUntil(
    env.client.workflow.execute(MARK_OVERDUE_INVOICES.workflowType, {
      taskQueue: MARK_OVERDUE_INVOICES.taskQueue,
      workflowId: `overdue-${crypto.randomUUID()}`,
      args: [{ batchSize: 10 }],
    }),
  );
  return { total: total as number, calls };
}

describe('markOverdueInvoicesWorkflow', () => {
  it('marks batch after batch while they come back full, and stops at the first short one', async () => {
    expect(await scan([10, 10, 3, 10])).toEqual({ total: 23, calls: 3 });
    expect(await scan([0])).toEqual({ total: 0, calls: 1 });
  });

  it('stops after 20 full batches: the next fire goes on', async () => {
    expect(await scan(Array.from({ length: 30 }, () => 10))).toEqual({ total: 200, calls: 20 });
  });
});
