import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import {
  createSessionAutomationBookkeeping,
  type SessionAutomationBookkeepingDeps,
} from '../../../../activities/automations/session-bookkeeping';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const START = Date.parse('2026-09-12T12:00:00Z');
const tasks = [
  { id: 'task-1', task_type: 'AUTOMATIC_EMAIL', timing: 'BEFORE_START', offset_minutes: 1440 },
  { id: 'task-2', task_type: 'MANUAL', timing: 'IMMEDIATE', offset_minutes: 0 },
];

/** The session's task runs: created once per task (ignoreDuplicates), the first creation kept. */
function setUp(overrides: Partial<SessionAutomationBookkeepingDeps> = {}) {
  const runs = new Map<string, { id: string; workflow_task_id: string; status: string; created_at: Date }>();
  const deps: SessionAutomationBookkeepingDeps = {
    applyAutomationToSession: jest.fn(async ({ appliedAt }: { appliedAt: number }) => {
      for (const t of tasks)
        if (!runs.has(t.id))
          runs.set(t.id, {
            id: `run-${t.id}`,
            workflow_task_id: t.id,
            status: 'PENDING',
            created_at: new Date(appliedAt),
          });
      return { session: { start_date: new Date(START) }, tasks, runs: [...runs.values()] };
    }) as never,
    recordTaskRunSchedule: jest.fn(async () => undefined),
    failTaskRun: jest.fn(async () => undefined),
    ...overrides,
  };
  return { activities: createSessionAutomationBookkeeping(deps), deps, runs };
}

const payload = { ownerId: 'owner-1', sessionId: 'session-1', workflowId: 'wf-1' };

describe('session workflow bookkeeping with fake deps', () => {
  it("creates the task runs and plans the automatic ones from the session's start", async () => {
    const { activities } = setUp();
    const appliedAt = Date.parse('2026-06-01T10:00:00Z');
    expect(await env(1).run(activities.applySessionWorkflow, { jobRunId: 'job-1', payload, appliedAt })).toEqual({
      appliedAt,
      sessionStart: START,
      tasks: [
        {
          taskRunId: 'run-task-1',
          workflowTaskId: 'task-1',
          taskType: 'AUTOMATIC_EMAIL',
          timing: 'BEFORE_START',
          offsetMinutes: 1440,
        },
      ],
    });
  });

  it('refuses for good (not_found, non-retryable) when the session is gone', async () => {
    const { activities } = setUp({ applyAutomationToSession: jest.fn(async () => ({ missing: 'session' as const })) });
    const failure = await env(1)
      .run(activities.applySessionWorkflow, { jobRunId: 'job-1', payload, appliedAt: Date.now() })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'not_found', nonRetryable: true, message: 'The session no longer exists' });
  });

  it('a retry (attempt 2) later keeps the first apply time and the same runs', async () => {
    const { activities, runs } = setUp();
    const first = Date.parse('2026-06-01T10:00:00Z');
    await env(1).run(activities.applySessionWorkflow, { jobRunId: 'job-1', payload, appliedAt: first });
    const retry = await env(2).run(activities.applySessionWorkflow, {
      jobRunId: 'job-1',
      payload,
      appliedAt: first + 60_000,
    });
    expect(retry).toMatchObject({ appliedAt: first, tasks: [expect.objectContaining({ taskRunId: 'run-task-1' })] });
    expect(runs.size).toBe(2);
  });

  it('failTaskRun and recordTaskSchedule pass through to their commands', async () => {
    const { activities, deps } = setUp();
    await env(1).run(activities.failTaskRun, { taskRunId: 'run-task-1', error: 'SMS refused' });
    await env(1).run(activities.recordTaskSchedule, { schedule: [{ taskRunId: 'run-task-1', scheduledAt: 5 }] });
    expect(deps.failTaskRun).toHaveBeenCalledWith('run-task-1', 'SMS refused');
    expect(deps.recordTaskRunSchedule).toHaveBeenCalledWith([{ taskRunId: 'run-task-1', scheduledAt: 5 }]);
  });
});
