import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type EvaluateTriggersPayload, type EvaluationSummary, type TriggerEvaluationActivities } from './contract';

// Evaluation is idempotent (one execution row per trigger and entity): a retry finishes the work.
const { evaluateTriggers } = proxyActivities<TriggerEvaluationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/** Evaluates the active triggers of an event's owner against the entity (the job-run interceptor keeps job_runs). */
export async function evaluateTriggersWorkflow(input: JobInput<EvaluateTriggersPayload>): Promise<EvaluationSummary> {
  return evaluateTriggers({ jobRunId: input.jobRunId, eventId: input.payload.eventId });
}
