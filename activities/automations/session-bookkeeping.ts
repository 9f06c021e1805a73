import { ApplicationFailure } from '@temporalio/activity';
import { type applyAutomationToSession } from '../../db/commands/apply-automation-to-session';
import { type failTaskRun } from '../../db/commands/fail-task-run';
import { type recordTaskRunSchedule } from '../../db/commands/record-task-run-schedule';
import { type TaskTiming } from '../../domain/automations/task-timing';
import { type PlannedTask, type SessionAutomationActivities } from '../../workflows/automations/contract';
import { type Bound } from '../db-deps';
import { runsToPlan } from './runs-to-plan';

type Bookkeeping = Pick<SessionAutomationActivities, 'applySessionWorkflow' | 'recordTaskSchedule' | 'failTaskRun'>;

/** The session task runs' writes (db/commands/), the handle bound. */
export interface SessionAutomationBookkeepingDeps {
  applyAutomationToSession: Bound<typeof applyAutomationToSession>;
  recordTaskRunSchedule: Bound<typeof recordTaskRunSchedule>;
  failTaskRun: Bound<typeof failTaskRun>;
}

/**
 * The session automation's database side: creating the task runs when an automation is applied,
 * keeping their due dates (`scheduled_at`) current, and recording a task that failed for good.
 */
export function createSessionAutomationBookkeeping(deps: SessionAutomationBookkeepingDeps): Bookkeeping {
  return {
    async applySessionWorkflow({ jobRunId, payload, appliedAt }) {
      const { ownerId, sessionId, workflowId: automationId } = payload;
      const applied = await deps.applyAutomationToSession({ ownerId, sessionId, automationId, jobRunId, appliedAt });
      if (applied.missing)
        throw ApplicationFailure.create({
          type: 'not_found',
          message: `The ${applied.missing} no longer exists`,
          nonRetryable: true,
        });
      const { session, tasks, runs } = applied;
      const sessionStart = session.start_date?.getTime() ?? null;
      const firstApplied = Math.min(appliedAt, ...runs.map((r) => r.created_at.getTime()));
      const planned: PlannedTask[] = runsToPlan(tasks, runs).map(({ task, run }) => ({
        taskRunId: run.id,
        workflowTaskId: task.id,
        taskType: task.task_type,
        timing: task.timing as TaskTiming,
        offsetMinutes: task.offset_minutes,
      }));
      return { appliedAt: firstApplied, sessionStart, tasks: planned };
    },

    async recordTaskSchedule({ schedule }) {
      await deps.recordTaskRunSchedule(schedule);
    },

    async failTaskRun({ taskRunId, error }) {
      await deps.failTaskRun(taskRunId, error);
    },
  };
}
