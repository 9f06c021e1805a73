import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** One evaluation per outbox event: its id is the business key, so a redelivered event is evaluated once. */
export interface EvaluateTriggersPayload extends Record<string, unknown> {
  eventId: string;
}

/** What an evaluation did, kept as the job run's result. */
export interface EvaluationSummary {
  eventType: string;
  triggers: number;
  /** Triggers whose conditions held and whose workflow was started (session or entity workflow). */
  applied: number;
  /** Conditions held but the workflow cannot run for that entity (no task, or one needing a session). */
  skipped: number;
  failed: number;
  /** Why nothing was evaluated, when nothing was. */
  note?: string;
}

export const EVALUATE_TRIGGERS_JOB = defineJob<EvaluateTriggersPayload>({
  jobName: 'triggers.evaluate',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'evaluateTriggersInOneActivityWorkflow',
  workflowId: (eventId) => jobId('trigger-evaluation', eventId),
  rerun: 'return-existing',
  // One job per domain event, each a few milliseconds of database work, its bookkeeping inside its
  // one local activity: bench/triggers.ts.
  activities: 'single-local',
});

export interface TriggerEvaluationActivities {
  evaluateTriggers(input: { jobRunId: string; eventId: string }): Promise<EvaluationSummary>;
}

/** A SCHEDULED trigger's firing: the schedule's fire id is the key, so a retried fire is one job. */
export interface ScheduledTriggerPayload extends Record<string, unknown> {
  triggerId: string;
}

/** What a firing did, kept as the job run's result. */
export interface FiringSummary {
  triggerId: string;
  entityType: string;
  /** Entities read (all of the owner's of that type). */
  entities: number;
  /** Entities whose conditions held: the trigger's workflow was started for them. */
  applied: number;
  /** Matching contacts, quotes or invoices whose workflow needs a session (or has no task): recorded SKIPPED. */
  skipped: number;
  failed: number;
  note?: string;
}

export const SCHEDULED_TRIGGER_JOB = defineJob<ScheduledTriggerPayload>({
  jobName: 'triggers.scheduled',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'runScheduledTriggerWorkflow',
  workflowId: (fireId) => jobId('scheduled-trigger', fireId),
  rerun: 'return-existing',
});

/** The Temporal Schedule of a SCHEDULED trigger: one per trigger, visible in the Web UI. */
export function triggerScheduleId(triggerId: string): string {
  return jobId('trigger', triggerId);
}

/** One page of a firing: entities after `afterId`; `next` is null after the last page. */
export interface FiringPage {
  next: string | null;
  entities: number;
  applied: number;
  skipped: number;
  failed: number;
  /** Set when the trigger is gone, inactive or no longer SCHEDULED: the firing stops. */
  note?: string;
  entityType?: string;
}

export interface ScheduledTriggerActivities {
  runScheduledTriggerPage(input: { jobRunId: string; triggerId: string; afterId: string | null }): Promise<FiringPage>;
}
