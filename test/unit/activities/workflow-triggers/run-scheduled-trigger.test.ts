import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import pino from 'pino';
import {
  createScheduledTriggerActivities,
  FIRING_PAGE_SIZE,
  type ScheduledTriggerDeps,
} from '../../../../activities/workflow-triggers/run-scheduled-trigger';
import { type FiringOutcome } from '../../../../db/commands/record-trigger-executions';
import { fakeExecutions, fakeStartJob } from './fake-trigger-deps';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const trigger = {
  id: 'trigger-1',
  owner_id: 'owner-1',
  workflow_id: 'wf-1',
  trigger_event: 'SCHEDULED',
  is_active: true,
  schedule_config: { entity: 'contacts' },
  conditions: { operator: 'AND', conditions: [{ field: 'first_name', operator: 'equals', value: 'Léa' }] },
};
const contacts = new Map([
  ['contact-1', { id: 'contact-1', first_name: 'Léa' }],
  ['contact-2', { id: 'contact-2', first_name: 'Max' }],
]);

function setUp(overrides: Partial<ScheduledTriggerDeps> = {}) {
  const start = fakeStartJob();
  const executions = fakeExecutions<FiringOutcome>((o) => o.entityId);
  const deps: ScheduledTriggerDeps = {
    logger: pino({ level: 'silent' }),
    startJob: start.startJob,
    listAutomationTaskShapes: jest.fn(async () => [
      { id: 'task-1', name: 'Welcome', task_type: 'AUTOMATIC_EMAIL' as const, timing: 'IMMEDIATE' as const },
    ]),
    findTriggerById: jest.fn(async () => trigger) as never,
    pageOwnedEntityIds: jest.fn(async () => [...contacts.keys()]),
    loadConditionSubjects: jest.fn(async () => contacts) as never,
    recordFiringExecutions: executions.record as never,
    ...overrides,
  };
  return { activities: createScheduledTriggerActivities(deps), deps, start, executions };
}

const input = { jobRunId: 'firing-1', triggerId: 'trigger-1', afterId: null };

describe('runScheduledTriggerPage with fake deps', () => {
  it("runs the trigger's entity workflow for each contact of the page whose conditions hold, and records it", async () => {
    const { activities, start, executions, deps } = setUp();
    expect(await env(1).run(activities.runScheduledTriggerPage, input)).toEqual({
      next: null,
      entityType: 'CONTACT',
      entities: 2,
      applied: 1,
      skipped: 0,
      failed: 0,
    });
    expect(deps.pageOwnedEntityIds).toHaveBeenCalledWith('CONTACT', 'owner-1', null, FIRING_PAGE_SIZE);
    expect(start.started).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ entityId: 'contact-1', firingId: 'firing-1', triggerId: 'trigger-1' }),
      }),
    ]);
    expect([...executions.rows.values()]).toEqual([{ entityId: 'contact-1', status: 'COMPLETED', jobRunId: 'run-1' }]);
  });

  it('records SKIPPED with the reason when the workflow needs a session a contact has not', async () => {
    const { activities, executions, start } = setUp({
      listAutomationTaskShapes: jest.fn(async () => [
        { id: 'task-1', name: 'Invite', task_type: 'SEND_SESSION_INFO_INVITE' as const, timing: 'IMMEDIATE' as const },
      ]),
    });
    expect(await env(1).run(activities.runScheduledTriggerPage, input)).toMatchObject({ applied: 0, skipped: 1 });
    expect(executions.rows.get('contact-1')).toMatchObject({
      status: 'SKIPPED',
      jobRunId: 'firing-1',
      error: expect.stringContaining('needs a session'),
    });
    expect(start.started).toEqual([]);
  });

  it('fails (retryably) when the page cannot be recorded', async () => {
    const { activities } = setUp({
      recordFiringExecutions: jest.fn(async () => {
        throw new Error('connection reset');
      }),
    });
    await expect(env(1).run(activities.runScheduledTriggerPage, input)).rejects.toThrow('connection reset');
  });

  it('a retry (attempt 2) of the page starts and records nothing twice', async () => {
    const { activities, start, executions } = setUp();
    await env(1).run(activities.runScheduledTriggerPage, input);
    expect(await env(2).run(activities.runScheduledTriggerPage, input)).toMatchObject({ applied: 1 });
    expect(start.started).toHaveLength(1);
    expect(executions.rows.size).toBe(1);
  });

  it('does nothing for an inactive trigger', async () => {
    const { activities, deps } = setUp({
      findTriggerById: jest.fn(async () => ({ ...trigger, is_active: false })) as never,
    });
    expect(await env(1).run(activities.runScheduledTriggerPage, input)).toMatchObject({
      entities: 0,
      note: 'The trigger is inactive',
    });
    expect(deps.recordFiringExecutions).not.toHaveBeenCalled();
  });
});
