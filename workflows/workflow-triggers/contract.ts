import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** One evaluation per outbox event: its id is the business key, so a redelivered event is evaluated once. */
export interface EvaluateTriggersPayload extends Record<string, unknown> {
  eventId: string;
}

/** What an evaluation did, kept as the job run's result. */
export interface EvaluationSummary {
  eventType: string;
  triggers: number;
  /** Session triggers whose conditions held: their workflow was applied to the session. */
  applied: number;
  skipped: number;
  failed: number;
  /** Why nothing was evaluated, when nothing was. */
  note?: string;
}

export const EVALUATE_TRIGGERS_JOB = defineJob<EvaluateTriggersPayload>({
  jobName: 'triggers.evaluate',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'evaluateEventTriggersWorkflow',
  workflowId: (eventId) => jobId('trigger-evaluation', eventId),
  rerun: 'return-existing',
  // One job per domain event, each a few milliseconds of database work: bench/triggers.ts.
  activities: 'local',
});

export interface TriggerEvaluationActivities {
  evaluateTriggers(input: { jobRunId: string; eventId: string }): Promise<EvaluationSummary>;
}
