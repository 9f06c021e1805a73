import crypto from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { createFakeJobActivities } from '../../fixtures/fake-job-activities';
import type * as fixtureWorkflows from '../../fixtures/job-workflows';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

type FixtureWorkflow = keyof typeof fixtureWorkflows;
const TASK_QUEUE = 'run-job-unit';
const DAY_MS = 24 * 60 * 60 * 1000;

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../fixtures/job-workflows')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

/** Runs one fixture workflow to its end on a worker with `fake`'s activities; returns its result or throws its failure. */
async function runFixture(
  fake: ReturnType<typeof createFakeJobActivities>,
  workflowType: FixtureWorkflow,
  payload: Record<string, unknown>,
) {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities: fake.activities,
  });
  const jobRunId = crypto.randomUUID();
  const run = env.client.workflow.execute(workflowType, {
    taskQueue: TASK_QUEUE,
    workflowId: `unit:${jobRunId}`,
    args: [{ jobRunId, payload }],
  });
  return { jobRunId, outcome: worker.runUntil(run) };
}

describe('runJob', () => {
  it('starts the job once, runs its body and records COMPLETED once with the result', async () => {
    const fake = createFakeJobActivities();
    const { jobRunId, outcome } = await runFixture(fake, 'twoStepJobWorkflow', { slowMs: 10 });

    await expect(outcome).resolves.toEqual({ steps: 3 });
    expect(fake.calls.map((c) => c.name)).toEqual([
      'startJobRun',
      'writeEffect',
      'slowStep',
      'writeEffect',
      'completeJobRun',
    ]);
    expect(fake.callsTo('startJobRun')).toEqual([{ jobRunId }]);
    expect(fake.callsTo('completeJobRun')).toEqual([{ jobRunId, result: { steps: 3 } }]);
    expect(fake.callsTo('failJobRun')).toEqual([]);
  });

  it('records FAILED once through failJobRun when an activity keeps failing, and fails with a non-retryable JobFailed', async () => {
    const fake = createFakeJobActivities({ switchedOn: false });
    const { jobRunId, outcome } = await runFixture(fake, 'switchedJobWorkflow', { switchName: 'printer-7' });

    const failure = await outcome.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const cause = (failure as WorkflowFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(cause).toMatchObject({ type: 'JobFailed', nonRetryable: true, message: 'Printer printer-7 is on fire' });

    // The fixture's retry policy allows three attempts; then the job ends, once.
    expect(fake.callsTo('failUnlessSwitchedOn')).toHaveLength(3);
    expect(fake.callsTo('failJobRun')).toEqual([{ jobRunId, error: 'Printer printer-7 is on fire' }]);
    expect(fake.callsTo('completeJobRun')).toEqual([]);
  });

  it('completes a job that waits a day in well under a minute: the test server skips the timer', async () => {
    const fake = createFakeJobActivities();
    const serverTimeBefore = await env.currentTimeMs();
    // Without the skip, the day's timer would outlast the test's timeout: no wall-clock bound needed.
    const { outcome } = await runFixture(fake, 'dayLaterJobWorkflow', {});

    await expect(outcome).resolves.toBe('done a day later');
    expect((await env.currentTimeMs()) - serverTimeBefore).toBeGreaterThanOrEqual(DAY_MS);
    expect(fake.callsTo('writeEffect')).toEqual([{ step: 1 }]);
    expect(fake.callsTo('completeJobRun')).toHaveLength(1);
  });
});
