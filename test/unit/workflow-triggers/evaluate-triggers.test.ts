// The trigger evaluation job on Temporal's time-skipping server, with in-memory activities: its
// contract says `activities: 'local'`, so its bookkeeping and its evaluation run as local
// activities (no activity task goes through the server), in the usual order, and a failed
// evaluation still ends in the dead-letter queue.
import crypto from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import {
  EVALUATE_TRIGGERS_JOB,
  type EvaluationSummary,
  type TriggerEvaluationActivities,
} from '../../../workflows/workflow-triggers/contract';
import { createFakeJobActivities } from '../../fixtures/fake-job-activities';
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

async function runEvaluation(evaluateTriggers: TriggerEvaluationActivities['evaluateTriggers']) {
  const fake = createFakeJobActivities();
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
  });
  const jobRunId = crypto.randomUUID();
  const handle = await env.client.workflow.start(EVALUATE_TRIGGERS_JOB.workflowType, {
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

describe('evaluateEventTriggersWorkflow (the trigger evaluation job)', () => {
  it('runs the bookkeeping and the evaluation as local activities: one workflow task, no activity task', async () => {
    const summary: EvaluationSummary = { eventType: 'CONTACT_CREATED', triggers: 3, applied: 0, skipped: 2, failed: 0 };
    const { fake, evaluations, jobRunId, outcome, events } = await runEvaluation(async () => summary);

    expect(outcome).toEqual({ result: summary });
    expect(fake.calls.map((c) => c.name)).toEqual(['startJobRun', 'completeJobRun']);
    expect(evaluations).toEqual([{ jobRunId, eventId: '7' }]);
    expect(fake.callsTo('completeJobRun')).toEqual([{ jobRunId, result: summary }]);
    expect(events.filter((e) => e.activityTaskScheduledEventAttributes)).toHaveLength(0);
    expect(events.filter((e) => e.workflowTaskScheduledEventAttributes)).toHaveLength(1);
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
