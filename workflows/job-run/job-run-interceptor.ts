import {
  type Next,
  type WorkflowExecuteInput,
  type WorkflowInboundCallsInterceptor,
  type WorkflowInterceptorsFactory,
} from '@temporalio/workflow';
import { type JobInput } from './contract';
import { jobBookkeepingMode } from './local-activities';
import { runJob } from './run-job';

/** A job's workflow input, as startJob builds it: its job_runs row id and its payload. */
function isJobInput(value: unknown): value is JobInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as JobInput).jobRunId === 'string' &&
    'payload' in value
  );
}

/**
 * The workflow side of the job-run interceptor pair (the activity side is
 * workers/job-context-interceptor.ts): every workflow started with a JobInput runs between its
 * bookkeeping (runJob: 'Job started', then COMPLETED with the result or FAILED into the
 * dead-letter queue), so no job's code repeats it. Workflows that are not jobs (the schedule
 * launcher, the reconciler) pass through untouched.
 */
class JobRunWorkflowInterceptor implements WorkflowInboundCallsInterceptor {
  execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const job = input.args[0];
    if (!isJobInput(job)) return next(input);
    return runJob(job, () => next(input), { mode: jobBookkeepingMode() });
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ inbound: [new JobRunWorkflowInterceptor()] });
