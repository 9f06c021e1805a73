import { ActivityFailure, proxyActivities, sleep } from '@temporalio/workflow';
import { failureMessage } from '../../domain/failure-message';
import { type JobInput } from '../job-run/contract';
import {
  ENTITY_WORKFLOW_NON_RETRYABLE,
  type EntityTaskOutcome,
  type EntityWorkflowActivities,
  type EntityWorkflowPayload,
  type EntityWorkflowSummary,
} from './contract';

const { applyEntityWorkflow, failEntityTaskRun } = proxyActivities<EntityWorkflowActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    maximumInterval: '1 minute',
    maximumAttempts: 10,
    nonRetryableErrorTypes: [...ENTITY_WORKFLOW_NON_RETRYABLE],
  },
});

// A task's message (SMS or email). Failures the provider reports for good are recorded by the
// activity itself; what is thrown is worth retrying, and after the last attempt the run is FAILED.
const { runEntityWorkflowTask } = proxyActivities<EntityWorkflowActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
});

/**
 * A studio workflow run for a contact, quote or invoice (issue 21 §3): creates the run's task
 * rows, then runs each automatic task (SMS, email to the entity's contact) when due, on durable
 * timers, in the workflow's order; MANUAL tasks are to-dos with a due date. There is no session,
 * so no timing moves: the due dates are fixed when the run is created. The job-run interceptor
 * keeps job_runs.
 */
export async function entityWorkflow(input: JobInput<EntityWorkflowPayload>): Promise<EntityWorkflowSummary> {
  const plan = await applyEntityWorkflow({ jobRunId: input.jobRunId, payload: input.payload, appliedAt: Date.now() });
  const summary: EntityWorkflowSummary = { completed: 0, failed: 0, skipped: plan.skipped };
  // Due first; ties keep the workflow's order (a stable sort).
  const tasks = [...plan.tasks].sort((a, b) => a.dueAt - b.dueAt);
  for (const task of tasks) {
    const wait = task.dueAt - Date.now();
    if (wait > 0) await sleep(wait);
    let outcome: EntityTaskOutcome;
    try {
      outcome = await runEntityWorkflowTask({ jobRunId: input.jobRunId, taskRunId: task.taskRunId });
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      const error = failureMessage(err);
      await failEntityTaskRun({ taskRunId: task.taskRunId, error });
      outcome = { status: 'FAILED', error };
    }
    if (outcome.status === 'COMPLETED') summary.completed += 1;
    else if (outcome.status === 'FAILED') summary.failed += 1;
    else summary.skipped += 1;
  }
  return summary;
}
