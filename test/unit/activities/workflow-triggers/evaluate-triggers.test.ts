import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import pino from 'pino';
import {
  createTriggerEvaluationActivities,
  type TriggerEvaluationDeps,
} from '../../../../activities/workflow-triggers/evaluate-triggers';
import { type TriggerOutcome } from '../../../../db/commands/record-trigger-executions';
import { fakeExecutions, fakeStartJob } from './fake-trigger-deps';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const event = {
  id: 'evt-1',
  event_type: 'SESSION_STATUS_CHANGED',
  entity_type: 'SESSION',
  entity_id: 'session-1',
  owner_id: 'owner-1',
  request_id: 'req-1',
  payload: {},
};
const triggers = [
  { id: 'trigger-1', workflow_id: 'wf-1', conditions: null },
  // Holds only for a cancelled session: this one is confirmed.
  {
    id: 'trigger-2',
    workflow_id: 'wf-2',
    conditions: { operator: 'AND', conditions: [{ field: 'status', operator: 'equals', value: 'CANCELLED' }] },
  },
];

function setUp(overrides: Partial<TriggerEvaluationDeps> = {}, start = fakeStartJob()) {
  const executions = fakeExecutions<TriggerOutcome>((o) => o.triggerId);
  const deps: TriggerEvaluationDeps = {
    logger: pino({ level: 'silent' }),
    startJob: start.startJob,
    loadEventWithTriggers: jest.fn(async () => ({ event, triggers, tasks: new Map() })) as never,
    loadConditionSubject: jest.fn(async () => ({ id: 'session-1', status: 'CONFIRMED' })) as never,
    recordTriggerExecutions: executions.record as never,
    ...overrides,
  };
  return { activities: createTriggerEvaluationActivities(deps), deps, start, executions };
}

describe('evaluateTriggers with fake deps', () => {
  it('starts the session workflow of each trigger whose conditions hold and records the execution with its run', async () => {
    const { activities, start, executions, deps } = setUp();
    expect(await env(1).run(activities.evaluateTriggers, { jobRunId: 'eval-1', eventId: 'evt-1' })).toEqual({
      eventType: 'SESSION_STATUS_CHANGED',
      triggers: 2,
      applied: 1,
      skipped: 0,
      failed: 0,
    });
    expect(start.started).toEqual([
      {
        jobName: expect.any(String),
        workflowId: expect.stringContaining('session-1'),
        payload: { ownerId: 'owner-1', sessionId: 'session-1', workflowId: 'wf-1', triggerId: 'trigger-1' },
      },
    ]);
    expect(deps.recordTriggerExecutions).toHaveBeenCalledWith(
      { ownerId: 'owner-1', entityType: 'SESSION', entityId: 'session-1', eventType: 'SESSION_STATUS_CHANGED' },
      [{ triggerId: 'trigger-1', status: 'COMPLETED', jobRunId: 'run-1' }],
    );
    expect(executions.rows.size).toBe(1);
  });

  it('records a trigger whose workflow cannot start as FAILED with the reason, and does not throw', async () => {
    const { activities, executions } = setUp({}, fakeStartJob({ unavailable: 'The job system is not available' }));
    const summary = await env(1).run(activities.evaluateTriggers, { jobRunId: 'eval-1', eventId: 'evt-1' });
    expect(summary).toMatchObject({ applied: 0, failed: 1 });
    expect(executions.rows.get('trigger-1')).toEqual({
      triggerId: 'trigger-1',
      status: 'FAILED',
      jobRunId: 'eval-1',
      error: 'The job system is not available',
    });
  });

  it('fails (retryably) when the executions cannot be recorded', async () => {
    const { activities } = setUp({
      recordTriggerExecutions: jest.fn(async () => {
        throw new Error('could not serialize access');
      }),
    });
    await expect(env(1).run(activities.evaluateTriggers, { jobRunId: 'eval-1', eventId: 'evt-1' })).rejects.toThrow(
      'could not serialize access',
    );
  });

  it('a retry (attempt 2) finds the run it started and records nothing twice', async () => {
    const { activities, start, executions } = setUp();
    await env(1).run(activities.evaluateTriggers, { jobRunId: 'eval-1', eventId: 'evt-1' });
    const retry = await env(2).run(activities.evaluateTriggers, { jobRunId: 'eval-1', eventId: 'evt-1' });
    expect(retry).toMatchObject({ applied: 1, failed: 0 });
    expect(start.started).toHaveLength(1);
    expect([...executions.rows.values()]).toEqual([{ triggerId: 'trigger-1', status: 'COMPLETED', jobRunId: 'run-1' }]);
  });

  it('answers with a note and records nothing when the event is gone', async () => {
    const { activities, deps } = setUp({ loadEventWithTriggers: jest.fn(async () => null) });
    expect(await env(1).run(activities.evaluateTriggers, { jobRunId: 'eval-1', eventId: 'evt-1' })).toMatchObject({
      triggers: 0,
      note: 'The event no longer exists',
    });
    expect(deps.recordTriggerExecutions).not.toHaveBeenCalled();
  });
});
