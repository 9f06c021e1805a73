// The accounting export's workflow on Temporal's time-skipping server with stand-in activities: it
// renders once and answers the file; an async run tells the owner, of the file or of the failure.
import crypto from 'node:crypto';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';
import {
  ACCOUNTING_EXPORT_JOB,
  type AccountingExportActivities,
  type AccountingExportPayload,
} from '../../../workflows/accounting-export/contract';
import { type ExportDeliveryActivities, type RenderedExport } from '../../../workflows/exports/contract';
import { type JobRunActivities } from '../../../activities/job-runs';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/accounting-export/workflow')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

const file: RenderedExport = {
  key: 'temp/accounting/o/r/912345675FEC20261231.txt',
  filename: '912345675FEC20261231.txt',
  contentType: 'text/plain; charset=utf-8',
  rowCount: 7,
  sizeBytes: 900,
  fileObjectId: 'f',
};
const payload = (mode: AccountingExportPayload['mode']): AccountingExportPayload => ({
  ownerId: 'o',
  orgId: 'g',
  from: '2026-01-01',
  to: '2026-12-31',
  format: 'fec',
  csvDialect: 'rfc4180',
  timeZone: 'Europe/Paris',
  mode,
});

// The job-run bookkeeping every job workflow calls (the bundle's interceptor).
const jobRuns: JobRunActivities = { async startJobRun() {}, async completeJobRun() {}, async failJobRun() {} };

async function run(
  mode: AccountingExportPayload['mode'],
  render: AccountingExportActivities['renderAccountingExport'],
) {
  const notices: Parameters<ExportDeliveryActivities['notifyExportOwner']>[0][] = [];
  let renders = 0;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: ACCOUNTING_EXPORT_JOB.taskQueue,
    workflowBundle: bundle,
    activities: {
      ...jobRuns,
      renderAccountingExport: (input: Parameters<typeof render>[0]) => ((renders += 1), render(input)),
      notifyExportOwner: async (input: (typeof notices)[number]) => void notices.push(input),
    },
  });
  const outcome = await worker.runUntil(
    env.client.workflow
      .execute(ACCOUNTING_EXPORT_JOB.workflowType, {
        taskQueue: ACCOUNTING_EXPORT_JOB.taskQueue,
        workflowId: `accounting-${crypto.randomUUID()}`,
        args: [{ jobRunId: 'run-1', payload: payload(mode) }],
      })
      .catch((err: unknown) => err),
  );
  return { outcome, notices, renders };
}

describe('accountingExportWorkflow', () => {
  it('answers the rendered file; a sync run tells nobody, an async one tells the owner', async () => {
    const sync = await run('sync', async () => file);
    expect(sync).toEqual({
      outcome: { key: file.key, filename: file.filename, rowCount: 7, sizeBytes: 900 },
      notices: [],
      renders: 1,
    });
    const async = await run('async', async () => file);
    expect(async.notices).toEqual([{ jobRunId: 'run-1', ownerId: 'o', file }]);
  });

  it('fails at once on a refusal no retry can fix, and tells an async owner why', async () => {
    const failed = await run('async', async () => {
      throw ApplicationFailure.nonRetryable('The FEC is named after the company SIREN', 'validation_failed');
    });
    expect(failed.outcome).toBeInstanceOf(WorkflowFailedError);
    expect(failed.renders).toBe(1);
    expect(failed.notices).toEqual([{ jobRunId: 'run-1', ownerId: 'o', error: expect.stringContaining('SIREN') }]);
  });
});
