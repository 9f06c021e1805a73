import {
  type ActivityOptions,
  ActivityFailure,
  condition,
  type RetryPolicy,
  defineSignal,
  proxyActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import { failureMessage } from '../../domain/failure-message';
import { type AutomationSummary, countOutcome, type FinishedTaskOutcome } from '../../domain/automations/run-summary';
import { taskDueAt } from '../../domain/automations/task-timing';
import { type JobInput } from '../job-run/contract';
import {
  AUTOMATION_NON_RETRYABLE,
  type EntityAutomationActivities,
  type EntityAutomationPayload,
  type PlannedTask,
  SESSION_RESCHEDULED_SIGNAL,
  type SessionAutomationActivities,
  type SessionAutomationPayload,
  type SessionRescheduled,
  type TaskOutcome,
} from './contract';

// The studio's automations, for a session and for a contact, quote or invoice. The exported
// function names are the Temporal workflow types (SESSION_AUTOMATION_JOB, ENTITY_AUTOMATION_JOB):
// they keep their names from before "automation", as running workflows and histories know them.

export const sessionRescheduled = defineSignal<[SessionRescheduled]>(SESSION_RESCHEDULED_SIGNAL);

/** Creating a run's task rows, keeping their due dates, recording a task that failed for good. */
const bookkeeping: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    maximumInterval: '1 minute',
    maximumAttempts: 10,
    nonRetryableErrorTypes: [...AUTOMATION_NON_RETRYABLE],
  },
};

// A task's side effect. Failures the provider reports for good are recorded by the activity
// itself; what is thrown is worth retrying, and after the last attempt the task run is FAILED.
const taskRetry: RetryPolicy = {
  initialInterval: '5 seconds',
  backoffCoefficient: 2,
  maximumInterval: '5 minutes',
  maximumAttempts: 5,
};

const { applySessionWorkflow, recordTaskSchedule, failTaskRun } =
  proxyActivities<SessionAutomationActivities>(bookkeeping);
// An SMS, an email, or the session-info invitation (which waits on its own job).
const { runWorkflowTask } = proxyActivities<SessionAutomationActivities>({
  startToCloseTimeout: '5 minutes',
  retry: taskRetry,
});

const { applyEntityWorkflow, failEntityTaskRun } = proxyActivities<EntityAutomationActivities>(bookkeeping);
// An SMS or an email to the entity's contact.
const { runEntityWorkflowTask } = proxyActivities<EntityAutomationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: taskRetry,
});

/** Runs one task; once its retries are spent, records it FAILED with the last failure's message. */
async function runOrFail<T>(
  run: () => Promise<T>,
  fail: (error: string) => Promise<void>,
): Promise<T | FinishedTaskOutcome> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const error = failureMessage(err);
    await fail(error);
    return { status: 'FAILED', error };
  }
}

const runSessionTask = (
  jobRunId: string,
  task: PlannedTask,
  appliedAt: number,
  sessionStart: number | null,
): Promise<TaskOutcome> =>
  runOrFail(
    () => runWorkflowTask({ jobRunId, taskRunId: task.taskRunId, appliedAt, sessionStart }),
    (error) => failTaskRun({ taskRunId: task.taskRunId, error }),
  );

/**
 * A studio automation applied to a session: creates the session's task runs, then runs each
 * automatic task when it is due, on durable timers (a task two weeks away survives restarts).
 * When the session's start date changes, the SESSION_RESCHEDULED signal moves the tasks timed on
 * it; a task that wakes to find the date moved without a signal waits again. Tasks due at the
 * same moment run in the automation's order. The job-run interceptor keeps job_runs.
 */
export async function sessionWorkflow(input: JobInput<SessionAutomationPayload>): Promise<AutomationSummary> {
  const plan = await applySessionWorkflow({ jobRunId: input.jobRunId, payload: input.payload, appliedAt: Date.now() });
  let sessionStart = plan.sessionStart;
  let rescheduled = false;
  setHandler(sessionRescheduled, ({ startDate }) => {
    const next = startDate === null ? null : Date.parse(startDate);
    if (next === sessionStart) return;
    sessionStart = next;
    rescheduled = true;
  });

  const summary: AutomationSummary = { completed: 0, failed: 0, skipped: 0 };
  const pending = [...plan.tasks];
  while (pending.length) {
    const dated = pending.map((task) => ({ task, due: taskDueAt(task, { appliedAt: plan.appliedAt, sessionStart }) }));
    if (rescheduled) {
      rescheduled = false;
      await recordTaskSchedule({
        schedule: dated.map(({ task, due }) => ({ taskRunId: task.taskRunId, scheduledAt: due })),
      });
    }
    // The earliest due task; ties keep the automation's order. None dated: wait for a start date.
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

    const outcome = await runSessionTask(input.jobRunId, next.task, plan.appliedAt, sessionStart);
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
    countOutcome(summary, outcome);
  }
  return summary;
}

/**
 * A studio automation run for a contact, quote or invoice (issue 21 §3): creates the run's task
 * rows, then runs each automatic task (SMS, email to the entity's contact) when due, on durable
 * timers, in the automation's order; MANUAL tasks are to-dos with a due date. There is no session,
 * so no timing moves: the due dates are fixed when the run is created. The job-run interceptor
 * keeps job_runs.
 */
export async function entityWorkflow(input: JobInput<EntityAutomationPayload>): Promise<AutomationSummary> {
  const plan = await applyEntityWorkflow({ jobRunId: input.jobRunId, payload: input.payload, appliedAt: Date.now() });
  const summary: AutomationSummary = { completed: 0, failed: 0, skipped: plan.skipped };
  // Due first; ties keep the automation's order (a stable sort).
  const tasks = [...plan.tasks].sort((a, b) => a.dueAt - b.dueAt);
  for (const task of tasks) {
    const wait = task.dueAt - Date.now();
    if (wait > 0) await sleep(wait);
    const outcome = await runOrFail(
      () => runEntityWorkflowTask({ jobRunId: input.jobRunId, taskRunId: task.taskRunId }),
      (error) => failEntityTaskRun({ taskRunId: task.taskRunId, error }),
    );
    countOutcome(summary, outcome);
  }
  return summary;
}
