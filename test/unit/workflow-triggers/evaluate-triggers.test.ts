// The trigger evaluation job on Temporal's time-skipping server, with in-memory activities and the
// worker's job-run interceptor: its contract says `activities: 'single-local'`, so its evaluation
// is one local activity (no activity task goes through the server) that keeps the job's
// bookkeeping, and a failed evaluation still ends in the dead-letter queue. The type it replaced
// (`evaluateEventTriggersWorkflow`, kept for runs in flight) still runs its bookkeeping as local
// activities of their own.
import crypto from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { type Context } from '@temporalio/activity';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import pino from 'pino';
import { JobContextInterceptor } from '../../../workers/job-context-interceptor';
import {
  EVALUATE_TRIGGERS_JOB,
  type EvaluationSummary,
  type TriggerEvaluationActivities,
} from '../../../workflows/workflow-triggers/contract';
import { createFakeJobActivities } from '../../fixtures/fake-job-activities';
import { buildJobRunRecord, FakeJobRunStore } from '../../fixtures/fake-job-run-store';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

const TASK_QUEUE = 'evaluate-triggers-unit';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/workflow-triggers/evaluate-triggers')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

async function runEvaluation(
  evaluateTriggers: TriggerEvaluationActivities['evaluateTriggers'],
  workflowType = EVALUATE_TRIGGERS_JOB.workflowType,
) {
  const fake = createFakeJobActivities();
  const jobRunId = crypto.randomUUID();
  const store = new FakeJobRunStore(buildJobRunRecord({ id: jobRunId, workflow_id: `unit:${jobRunId}` }));
  const evaluations: unknown[] = [];
  const activities = {
    ...fake.activities,
    evaluateTriggers: async (input: Parameters<TriggerEvaluationActivities['evaluateTriggers']>[0]) => {
      evaluations.push(input);
      return evaluateTriggers(input);
    },
  };
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities,
    interceptors: {
      activity: [
        (ctx: Context) => ({
          inbound: new JobContextInterceptor(ctx, pino({ level: 'silent' }), store, undefined, fake.activities),
        }),
      ],
    },
  });
  const handle = await env.client.workflow.start(workflowType, {
    taskQueue: TASK_QUEUE,
    workflowId: `unit:${jobRunId}`,
    args: [{ jobRunId, payload: { eventId: '7' } }],
  });
  const outcome = await worker.runUntil(
    handle.result().then(
      (result: EvaluationSummary) => ({ result }),
      (error: unknown) => ({ error }),
    ),
  );
  const events = (await handle.fetchHistory()).events ?? [];
  return { fake, evaluations, jobRunId, outcome, events };
}

describe('evaluateTriggersInOneActivityWorkflow (the trigger evaluation job)', () => {
  it('runs the evaluation as one local activity that keeps the bookkeeping: one workflow task, one marker', async () => {
    const summary: EvaluationSummary = { eventType: 'CONTACT_CREATED', triggers: 3, applied: 0, skipped: 2, failed: 0 };
    const { fake, evaluations, jobRunId, outcome, events } = await runEvaluation(async () => summary);

    expect(outcome).toEqual({ result: summary });
    expect(fake.calls.map((c) => c.name)).toEqual(['startJobRun', 'completeJobRun']);
    expect(evaluations).toEqual([{ jobRunId, eventId: '7' }]);
    expect(fake.callsTo('startJobRun')).toEqual([{ jobRunId }]);
    expect(fake.callsTo('completeJobRun')).toEqual([{ jobRunId, result: summary }]);
    expect(events.filter((e) => e.activityTaskScheduledEventAttributes)).toHaveLength(0);
    expect(events.filter((e) => e.workflowTaskScheduledEventAttributes)).toHaveLength(1);
    // The evaluation's marker alone: the bookkeeping ran inside it.
    expect(events.filter((e) => e.markerRecordedEventAttributes)).toHaveLength(1);
  });

  it('keeps the bookkeeping as local activities of their own under the type it replaced', async () => {
    const summary: EvaluationSummary = { eventType: 'CONTACT_CREATED', triggers: 1, applied: 0, skipped: 1, failed: 0 };
    const { fake, jobRunId, outcome, events } = await runEvaluation(
      async () => summary,
      'evaluateEventTriggersWorkflow',
    );

    expect(outcome).toEqual({ result: summary });
    expect(fake.calls.map((c) => c.name)).toEqual(['startJobRun', 'completeJobRun']);
    expect(fake.callsTo('completeJobRun')).toEqual([{ jobRunId, result: summary }]);
    // One marker per local activity: start, evaluation, completion.
    expect(events.filter((e) => e.markerRecordedEventAttributes)).toHaveLength(3);
  });

  it('records FAILED once and fails as JobFailed when the evaluation fails for good', async () => {
    const { fake, jobRunId, outcome } = await runEvaluation(async () => {
      throw ApplicationFailure.nonRetryable('The contact no longer exists', 'gone');
    });

    expect('error' in outcome && outcome.error).toBeInstanceOf(WorkflowFailedError);
    const cause = (outcome as { error: WorkflowFailedError }).error.cause;
    expect(cause).toMatchObject({ type: 'JobFailed', nonRetryable: true, message: 'The contact no longer exists' });
    expect(fake.callsTo('failJobRun')).toEqual([{ jobRunId, error: 'The contact no longer exists' }]);
    expect(fake.callsTo('completeJobRun')).toEqual([]);
  });
});
