// The session workflow on Temporal's time-skipping server, with in-memory activities: tasks run
// when due (days away take no real time), a reschedule signal moves the tasks timed on the
// session's start, a date changed without a signal is caught when the task wakes, and a task
// whose activity keeps failing is marked FAILED while the others go on.
import crypto from 'node:crypto';
import { Context } from '@temporalio/activity';
import { type TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import type { JobRunActivities } from '../../../activities/job-runs';
import {
  type PlannedTask,
  SESSION_RESCHEDULED_SIGNAL,
  type SessionAutomationActivities,
  type SessionAutomationPlan,
  type AutomationSummary,
  type TaskOutcome,
} from '../../../workflows/automations/contract';
import { bundleWorkflows, startTimeSkippingEnv } from '../../helpers/time-skipping';

const DAY = 24 * 60 * 60 * 1000;
const TASK_QUEUE = 'session-automation-unit';

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

const task = (id: string, timing: PlannedTask['timing'], offsetDays: number): PlannedTask => ({
  taskRunId: id,
  workflowTaskId: `task-${id}`,
  taskType: 'AUTOMATIC_SMS',
  timing,
  offsetMinutes: offsetDays * 1440,
});

interface Ran {
  taskRunId: string;
  /** Server time the attempt was scheduled, in days after the workflow started. */
  day: number;
  sessionStart: number | null;
}

/** In-memory activities: `outcome` decides each run; every run and schedule write is recorded. */
function fakeActivities(
  plan: (appliedAt: number) => Omit<SessionAutomationPlan, 'appliedAt'>,
  outcome: (taskRunId: string, attempt: number, sessionStart: number | null) => TaskOutcome = () => ({
    status: 'COMPLETED',
  }),
) {
  let appliedAt = 0;
  const ran: Ran[] = [];
  const schedules: { taskRunId: string; scheduledAt: number | null }[][] = [];
  const failed: { taskRunId: string; error: string }[] = [];
  const jobRuns: JobRunActivities = { async startJobRun() {}, async completeJobRun() {}, async failJobRun() {} };
  const activities: SessionAutomationActivities = {
    async applySessionWorkflow(input) {
      appliedAt = input.appliedAt;
      return { appliedAt, ...plan(appliedAt) };
    },
    async recordTaskSchedule({ schedule }) {
      schedules.push(schedule);
    },
    async runWorkflowTask({ taskRunId, sessionStart }) {
      const info = Context.current().info;
      ran.push({
        taskRunId,
        day: Math.round(((info.currentAttemptScheduledTimestampMs - appliedAt) / DAY) * 100) / 100,
        sessionStart,
      });
      return outcome(taskRunId, info.attempt, sessionStart);
    },
    async failTaskRun(input) {
      failed.push(input);
    },
  };
  return { activities: { ...jobRuns, ...activities }, ran, schedules, failed, appliedAt: () => appliedAt };
}

async function start(fake: ReturnType<typeof fakeActivities>) {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities: fake.activities,
  });
  const jobRunId = crypto.randomUUID();
  const handle = await env.client.workflow.start('sessionWorkflow', {
    taskQueue: TASK_QUEUE,
    workflowId: `session-automation-unit:${jobRunId}`,
    args: [{ jobRunId, payload: { ownerId: 'o', sessionId: 's', workflowId: 'w' } }],
  });
  return { worker, handle };
}

describe('sessionWorkflow', () => {
  it('runs each task when it is due, earliest first, days apart, in well under a minute', async () => {
    const fake = fakeActivities((appliedAt) => ({
      sessionStart: appliedAt + 10 * DAY,
      tasks: [
        task('reminder', 'BEFORE_SESSION_START', 1),
        task('welcome', 'IMMEDIATE', 0),
        task('follow-up', 'AFTER_SESSION_START', 2),
        task('planning', 'AFTER_APPLIED', 3),
      ],
    }));
    const { worker, handle } = await start(fake);
    const summary = await worker.runUntil(handle.result());

    expect(summary).toEqual<AutomationSummary>({ completed: 4, failed: 0, skipped: 0 });
    expect(fake.ran.map((r) => [r.taskRunId, r.day])).toEqual([
      ['welcome', 0],
      ['planning', 3],
      ['reminder', 9],
      ['follow-up', 12],
    ]);
  });

  it('moves the tasks timed on the session when the reschedule signal brings a new start, and records their new dates', async () => {
    const fake = fakeActivities((appliedAt) => ({
      sessionStart: appliedAt + 30 * DAY,
      tasks: [
        task('welcome', 'IMMEDIATE', 0),
        task('reminder', 'BEFORE_SESSION_START', 2),
        task('planning', 'AFTER_APPLIED', 10),
      ],
    }));
    const { worker, handle } = await start(fake);
    const summary = await worker.runUntil(async () => {
      // The immediate task has run; the session is then moved from day 30 to day 5.
      while (!fake.ran.length) await new Promise((r) => setTimeout(r, 50));
      await handle.signal(SESSION_RESCHEDULED_SIGNAL, {
        startDate: new Date(fake.appliedAt() + 5 * DAY).toISOString(),
      });
      return handle.result();
    });

    expect(summary).toEqual({ completed: 3, failed: 0, skipped: 0 });
    expect(fake.ran.map((r) => [r.taskRunId, r.day])).toEqual([
      ['welcome', 0],
      ['reminder', 3],
      ['planning', 10],
    ]);
    const moved = fake.schedules.at(-1)!;
    expect(moved).toContainEqual({ taskRunId: 'reminder', scheduledAt: fake.appliedAt() + 3 * DAY });
    expect(moved).toContainEqual({ taskRunId: 'planning', scheduledAt: fake.appliedAt() + 10 * DAY });
  });

  it('waits again when a task wakes to find the session moved later without a signal', async () => {
    let planned: number | null = null;
    const fake = fakeActivities(
      (appliedAt) => (
        (planned = appliedAt + 4 * DAY),
        { sessionStart: planned, tasks: [task('reminder', 'BEFORE_SESSION_START', 1)] }
      ),
      // The database says day 8 the first time the task wakes (day 3); at day 7 it is due.
      (_id, _attempt, known) =>
        known === planned
          ? { status: 'RESCHEDULED', sessionStart: (planned as number) + 4 * DAY }
          : { status: 'COMPLETED' },
    );
    const { worker, handle } = await start(fake);
    expect(await worker.runUntil(handle.result())).toEqual({ completed: 1, failed: 0, skipped: 0 });
    expect(fake.ran.map((r) => r.day)).toEqual([3, 7]);
  });

  it('marks a task FAILED with the reason when its activity keeps failing, and runs the next one', async () => {
    const fake = fakeActivities(
      (appliedAt) => ({
        sessionStart: appliedAt + DAY,
        tasks: [task('broken', 'IMMEDIATE', 0), task('after', 'AFTER_APPLIED', 1)],
      }),
      (id) => {
        if (id === 'broken') throw new Error('SMS provider answered 503');
        return { status: 'COMPLETED' };
      },
    );
    const { worker, handle } = await start(fake);
    expect(await worker.runUntil(handle.result())).toEqual({ completed: 1, failed: 1, skipped: 0 });
    expect(fake.ran.filter((r) => r.taskRunId === 'broken')).toHaveLength(5);
    expect(fake.failed).toEqual([{ taskRunId: 'broken', error: 'SMS provider answered 503' }]);
  });
});
