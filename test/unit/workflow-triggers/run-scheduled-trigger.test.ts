// A SCHEDULED trigger's firing job on Temporal's time-skipping server, with in-memory activities:
// it pages through the entities until the last page, adds up the pages, stops at a note (the
// trigger gone or inactive), and a page that fails for good puts the firing in the dead-letter queue.
import crypto from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import {
  type FiringPage,
  type FiringSummary,
  SCHEDULED_TRIGGER_JOB,
  type ScheduledTriggerActivities,
} from '../../../workflows/workflow-triggers/contract';
import { createFakeJobActivities } from '../../fixtures/fake-job-activities';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

const TASK_QUEUE = 'scheduled-trigger-unit';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/workflow-triggers/run-scheduled-trigger')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

type PageInput = Parameters<ScheduledTriggerActivities['runScheduledTriggerPage']>[0];

async function runFiring(page: (input: PageInput) => Promise<FiringPage>) {
  const fake = createFakeJobActivities();
  const pages: PageInput[] = [];
  const activities = {
    ...fake.activities,
    runScheduledTriggerPage: async (input: PageInput) => {
      pages.push(input);
      return page(input);
    },
  };
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities,
  });
  const jobRunId = crypto.randomUUID();
  const handle = await env.client.workflow.start(SCHEDULED_TRIGGER_JOB.workflowType, {
    taskQueue: TASK_QUEUE,
    workflowId: `unit:${jobRunId}`,
    args: [{ jobRunId, payload: { triggerId: 'trigger-1' } }],
  });
  const outcome = await worker.runUntil(
    handle.result().then(
      (result: FiringSummary) => ({ result }),
      (error: unknown) => ({ error }),
    ),
  );
  return { fake, pages, jobRunId, outcome };
}

describe('runScheduledTriggerWorkflow (one firing of a SCHEDULED trigger)', () => {
  it('pages through the entities after the last id of each page and adds the pages up', async () => {
    const { fake, pages, jobRunId, outcome } = await runFiring(async ({ afterId }) =>
      afterId === null
        ? { next: 'id-100', entityType: 'SESSION', entities: 100, applied: 3, skipped: 0, failed: 1 }
        : { next: null, entityType: 'SESSION', entities: 20, applied: 1, skipped: 0, failed: 0 },
    );
    const summary: FiringSummary = {
      triggerId: 'trigger-1',
      entityType: 'SESSION',
      entities: 120,
      applied: 4,
      skipped: 0,
      failed: 1,
    };
    expect(outcome).toEqual({ result: summary });
    expect(pages).toEqual([
      { jobRunId, triggerId: 'trigger-1', afterId: null },
      { jobRunId, triggerId: 'trigger-1', afterId: 'id-100' },
    ]);
    expect(fake.callsTo('completeJobRun')).toEqual([{ jobRunId, result: summary }]);
  });

  it('stops at the first page with a note (the trigger deactivated or deleted since the fire)', async () => {
    const { pages, outcome } = await runFiring(async () => ({
      next: null,
      entities: 0,
      applied: 0,
      skipped: 0,
      failed: 0,
      note: 'The trigger is inactive',
    }));
    expect(outcome).toEqual({
      result: {
        triggerId: 'trigger-1',
        entityType: 'unknown',
        entities: 0,
        applied: 0,
        skipped: 0,
        failed: 0,
        note: 'The trigger is inactive',
      },
    });
    expect(pages).toHaveLength(1);
  });

  it('records FAILED once and fails as JobFailed when a page fails for good', async () => {
    const { fake, jobRunId, outcome } = await runFiring(async () => {
      throw ApplicationFailure.nonRetryable('database gone', 'gone');
    });
    expect('error' in outcome && outcome.error).toBeInstanceOf(WorkflowFailedError);
    expect((outcome as { error: WorkflowFailedError }).error.cause).toMatchObject({
      type: 'JobFailed',
      message: 'database gone',
    });
    expect(fake.callsTo('failJobRun')).toEqual([{ jobRunId, error: 'database gone' }]);
  });
});
