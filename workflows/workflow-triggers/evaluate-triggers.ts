import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type EvaluateTriggersPayload, type EvaluationSummary, type TriggerEvaluationActivities } from './contract';

// Evaluation is idempotent (one execution row per trigger and entity): a retry finishes the work.
const options = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
} as const;

const { evaluateTriggers: evaluateLocally } = proxyLocalActivities<TriggerEvaluationActivities>(options);

/**
 * Evaluates the active triggers of an event's owner against the entity (the job-run interceptor
 * keeps job_runs). The job of every domain event, so its activity is a local one: one workflow
 * task, no activity task through the server. Under this name (the contract's `activities:
 * 'local'` when it was current) the bookkeeping ran as two more local activities; kept for runs
 * started then and replays of their job runs.
 */
export async function evaluateEventTriggersWorkflow(
  input: JobInput<EvaluateTriggersPayload>,
): Promise<EvaluationSummary> {
  return evaluateLocally({ jobRunId: input.jobRunId, eventId: input.payload.eventId });
}

/**
 * The evaluation job as the contract names it now (`activities: 'single-local'`): the same code,
 * with the bookkeeping inside the one local activity (workers/job-context-interceptor.ts), so a
 * domain event costs the worker two activations of its workflow instead of four
 * (docs/performance.md, triggers). A type of its own: the order of commands in its history differs.
 */
export const evaluateTriggersInOneActivityWorkflow = evaluateEventTriggersWorkflow;

const { evaluateTriggers } = proxyActivities<TriggerEvaluationActivities>(options);

/**
 * The same job as it ran before its activities became local ones (activity tasks): kept for runs
 * started then and for replays of their job runs, which name this type. A new workflow type
 * rather than `patched()`: a patch would cost every evaluation a marker and a search-attribute
 * update for as long as it stays in the code.
 */
export async function evaluateTriggersWorkflow(input: JobInput<EvaluateTriggersPayload>): Promise<EvaluationSummary> {
  return evaluateTriggers({ jobRunId: input.jobRunId, eventId: input.payload.eventId });
}
