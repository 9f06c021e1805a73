import { ActivityFailure, condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import { failureMessage } from '../../domain/failure-message';
import { taskDueAt } from '../../domain/workflows/task-timing';
import { type JobInput } from '../job-run/contract';
import {
  type PlannedTask,
  SESSION_RESCHEDULED_SIGNAL,
  SESSION_WORKFLOW_NON_RETRYABLE,
  type SessionRescheduled,
  type SessionWorkflowActivities,
  type SessionWorkflowPayload,
  type SessionWorkflowSummary,
  type TaskOutcome,
} from './contract';

export const sessionRescheduled = defineSignal<[SessionRescheduled]>(SESSION_RESCHEDULED_SIGNAL);

const { applySessionWorkflow, recordTaskSchedule, failTaskRun } = proxyActivities<SessionWorkflowActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    maximumInterval: '1 minute',
    maximumAttempts: 10,
    nonRetryableErrorTypes: [...SESSION_WORKFLOW_NON_RETRYABLE],
  },
});

// A task's side effect: an SMS, an email, or the session-info invitation (which waits on its own
// job). Failures the provider reports for good are recorded by the activity itself; what is
// thrown is worth retrying, and after the last attempt the task run is marked FAILED.
const { runWorkflowTask } = proxyActivities<SessionWorkflowActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
});

async function runTask(
  jobRunId: string,
  task: PlannedTask,
  appliedAt: number,
  sessionStart: number | null,
): Promise<TaskOutcome> {
  try {
    return await runWorkflowTask({ jobRunId, taskRunId: task.taskRunId, appliedAt, sessionStart });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const error = failureMessage(err);
    await failTaskRun({ taskRunId: task.taskRunId, error });
    return { status: 'FAILED', error };
  }
}

/**
 * A studio workflow applied to a session: creates the session's task runs, then runs each
 * automatic task when it is due, on durable timers (a task two weeks away survives restarts).
 * When the session's start date changes, the SESSION_RESCHEDULED signal moves the tasks timed on
 * it; a task that wakes to find the date moved without a signal waits again. Tasks due at the
 * same moment run in the workflow's order. The job-run interceptor keeps job_runs.
 */
export async function sessionWorkflow(input: JobInput<SessionWorkflowPayload>): Promise<SessionWorkflowSummary> {
  const plan = await applySessionWorkflow({ jobRunId: input.jobRunId, payload: input.payload, appliedAt: Date.now() });
  let sessionStart = plan.sessionStart;
  let rescheduled = false;
  setHandler(sessionRescheduled, ({ startDate }) => {
    const next = startDate === null ? null : Date.parse(startDate);
    if (next === sessionStart) return;
    sessionStart = next;
    rescheduled = true;
  });

  const summary: SessionWorkflowSummary = { completed: 0, failed: 0, skipped: 0 };
  const pending = [...plan.tasks];
  while (pending.length) {
    const dated = pending.map((task) => ({ task, due: taskDueAt(task, { appliedAt: plan.appliedAt, sessionStart }) }));
    if (rescheduled) {
      rescheduled = false;
      await recordTaskSchedule({
        schedule: dated.map(({ task, due }) => ({ taskRunId: task.taskRunId, scheduledAt: due })),
      });
    }
    // The earliest due task; ties keep the workflow's order. None dated: wait for a start date.
    const next = dated.reduce<(typeof dated)[number] | undefined>(
      (best, d) => (d.due !== null && (!best || d.due < (best.due as number)) ? d : best),
      undefined,
    );
    if (!next) {
      await condition(() => rescheduled);
      continue;
    }
    const wait = (next.due as number) - Date.now();
    if (wait > 0 && (await condition(() => rescheduled, wait))) continue;

    const outcome = await runTask(input.jobRunId, next.task, plan.appliedAt, sessionStart);
    if (outcome.status === 'RESCHEDULED') {
      if (outcome.sessionStart !== sessionStart) {
        sessionStart = outcome.sessionStart;
        rescheduled = true;
      } else {
        // The same date back: the worker's clock is behind the timer's by a hair; ask again shortly.
        await condition(() => rescheduled, 5_000);
      }
      continue;
    }
    pending.splice(pending.indexOf(next.task), 1);
    if (outcome.status === 'COMPLETED') summary.completed += 1;
    else if (outcome.status === 'FAILED') summary.failed += 1;
    else summary.skipped += 1;
  }
  return summary;
}
