import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { runsActivitiesLocally } from '../job-run/local-activities';
import { type EvaluateTriggersPayload, type EvaluationSummary, type TriggerEvaluationActivities } from './contract';

// Evaluation is idempotent (one execution row per trigger and entity): a retry finishes the work.
const options = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
} as const;
// Local (the contract's `activities: 'local'`): one evaluation per domain event, milliseconds each.
const local = proxyLocalActivities<TriggerEvaluationActivities>(options);
// Runs started before the change replay with the activity task their history has.
const remote = proxyActivities<TriggerEvaluationActivities>(options);

/** Evaluates the active triggers of an event's owner against the entity (the job-run interceptor keeps job_runs). */
export async function evaluateTriggersWorkflow(input: JobInput<EvaluateTriggersPayload>): Promise<EvaluationSummary> {
  const { evaluateTriggers } = runsActivitiesLocally() ? local : remote;
  return evaluateTriggers({ jobRunId: input.jobRunId, eventId: input.payload.eventId });
}
