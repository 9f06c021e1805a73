// The entity workflow (an automation run for a contact, quote or invoice) on Temporal's
// time-skipping server, with in-memory activities: tasks run when due, days apart, earliest
// first; a task whose activity keeps failing is marked FAILED and the next one still runs.
import crypto from 'node:crypto';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import { type AutomationSummary } from '../../../workflows/automations/contract';
import { createFakeEntityAutomationActivities, welcomePlan } from '../../fixtures/fake-entity-automation-activities';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

const TASK_QUEUE = 'entity-automation-unit';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  [env, bundle] = await Promise.all([
    startTimeSkippingEnv(),
    bundleWorkflows(require.resolve('../../../workflows/automations/automation-workflows')),
  ]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

async function run(fake: ReturnType<typeof createFakeEntityAutomationActivities>): Promise<AutomationSummary> {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities: fake.activities,
  });
  const jobRunId = crypto.randomUUID();
  const payload = { ownerId: 'o', entityType: 'CONTACT', entityId: 'c', workflowId: 'w', triggerId: 't', firingId: '' };
  const handle = await env.client.workflow.start('entityWorkflow', {
    taskQueue: TASK_QUEUE,
    workflowId: `entity-automation-unit:${jobRunId}`,
    args: [{ jobRunId, payload }],
  });
  return worker.runUntil(handle.result());
}

describe('entityWorkflow', () => {
  it('runs each task when it is due, earliest first, days apart, and counts the tasks skipped at creation', async () => {
    const fake = createFakeEntityAutomationActivities((appliedAt) => ({ ...welcomePlan(appliedAt), skipped: 1 }));
    expect(await run(fake)).toEqual({ completed: 2, failed: 0, skipped: 1 });
    expect(fake.ran).toEqual([
      { taskRunId: 'email', day: 0 },
      { taskRunId: 'sms', day: 2 },
    ]);
  });

  it('marks a task FAILED with the reason when its activity keeps failing, and runs the next one; a refusal the activity recorded counts as failed', async () => {
    const fake = createFakeEntityAutomationActivities(welcomePlan, (id) => {
      if (id === 'email') throw new Error('SMTP answered 451');
      return { status: 'FAILED', error: 'No phone number: the contact has none' };
    });
    expect(await run(fake)).toEqual({ completed: 0, failed: 2, skipped: 0 });
    expect(fake.ran.filter((r) => r.taskRunId === 'email')).toHaveLength(5);
    expect(fake.failed).toEqual([{ taskRunId: 'email', error: 'SMTP answered 451' }]);
  });

  it('ends at once with nothing to run', async () => {
    const fake = createFakeEntityAutomationActivities(() => ({ tasks: [], skipped: 0 }));
    expect(await run(fake)).toEqual({ completed: 0, failed: 0, skipped: 0 });
    expect(fake.ran).toEqual([]);
  });
});
