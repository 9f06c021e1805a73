import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';
import { type AutomationEntity } from '../../domain/automations/entity-automations';
import { type TaskTiming } from '../../domain/automations/task-timing';
import { type AutomationTaskType } from '../../domain/automations/task-types';
import { type AutomationSummary, type FinishedTaskOutcome } from '../../domain/automations/run-summary';

export type { AutomationSummary };

// The studio's automations run as two jobs on one queue: one applied to a session (its tasks
// timed on the session's start, moved by SESSION_RESCHEDULED), one run for a contact, a quote or
// an invoice (no session: due dates fixed when the run is created). The job names, workflow types
// and id prefixes below keep the strings stored in job_runs and in Temporal's histories from
// before the studio's "workflows" were called automations: do not rename them.

/** Failures of applying an automation no retry can fix: the session, entity or automation is gone. */
export const AUTOMATION_NON_RETRYABLE = ['not_found'] as const;

// ---------------------------------------------------------------------------------------------
// Sessions

/** A studio automation applied to one of its sessions (started by a matching SESSION trigger). */
export interface SessionAutomationPayload extends Record<string, unknown> {
  ownerId: string;
  sessionId: string;
  /** The automation (the spec's `workflows` row). */
  workflowId: string;
  /** The trigger that applied it, for the record. */
  triggerId?: string | null;
}

/**
 * One Temporal workflow per (session, automation): a second trigger or a redelivered event that
 * applies the same automation to the same session finds the run that is there.
 */
export const SESSION_AUTOMATION_JOB = defineJob<SessionAutomationPayload, { sessionId: string; automationId: string }>({
  jobName: 'sessions.workflow',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'sessionWorkflow',
  workflowId: ({ sessionId, automationId }) => jobId('session-workflow', sessionId, automationId),
  rerun: 'return-existing',
});

/** Signal name: the session's start date changed; its argument is the new date (ISO) or null. */
export const SESSION_RESCHEDULED_SIGNAL = 'sessionRescheduled';
export interface SessionRescheduled {
  startDate: string | null;
}

/** A task the session automation still has to run, with what its due date is computed from. */
export interface PlannedTask {
  taskRunId: string;
  workflowTaskId: string;
  taskType: AutomationTaskType;
  timing: TaskTiming;
  offsetMinutes: number;
}

export interface SessionAutomationPlan {
  /** When the automation was first applied to the session (epoch ms): AFTER_APPLIED offsets count from it. */
  appliedAt: number;
  /** The session's start (epoch ms), null when it has none. */
  sessionStart: number | null;
  /** Pending automatic tasks in display order; MANUAL tasks are to-dos with a due date, not run. */
  tasks: PlannedTask[];
}

export type TaskOutcome =
  | FinishedTaskOutcome
  /** The session's start moved since the workflow last heard of it (a signal that never came): wait again. */
  | { status: 'RESCHEDULED'; sessionStart: number | null };

/** The activity names are Temporal's activity types, recorded in histories: they keep their old words. */
export interface SessionAutomationActivities {
  applySessionWorkflow(input: {
    jobRunId: string;
    payload: SessionAutomationPayload;
    appliedAt: number;
  }): Promise<SessionAutomationPlan>;
  recordTaskSchedule(input: { schedule: { taskRunId: string; scheduledAt: number | null }[] }): Promise<void>;
  runWorkflowTask(input: {
    jobRunId: string;
    taskRunId: string;
    appliedAt: number;
    sessionStart: number | null;
  }): Promise<TaskOutcome>;
  failTaskRun(input: { taskRunId: string; error: string }): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Contacts, quotes and invoices

/** A studio automation run for one of its contacts, quotes or invoices, by one trigger (and one firing of a SCHEDULED trigger). */
export interface EntityAutomationPayload extends Record<string, unknown> {
  ownerId: string;
  entityType: AutomationEntity;
  entityId: string;
  /** The automation (the spec's `workflows` row). */
  workflowId: string;
  triggerId: string;
  /** The SCHEDULED trigger's firing (its job run id); '' for an event. */
  firingId: string;
}

/** What makes a run: one per trigger and entity (the spec's duplicate guard), and per firing for SCHEDULED triggers. */
export interface EntityAutomationKey {
  triggerId: string;
  entityType: AutomationEntity;
  entityId: string;
  firingId: string;
}

/**
 * One Temporal workflow per (trigger, entity, firing): a redelivered event, a second event about
 * the same entity, or a retried page of a firing finds the run that is there (job_runs keeps the
 * id after Temporal forgets the workflow).
 */
export const ENTITY_AUTOMATION_JOB = defineJob<EntityAutomationPayload, EntityAutomationKey>({
  jobName: 'entities.workflow',
  taskQueue: TASK_QUEUES.automation,
  workflowType: 'entityWorkflow',
  workflowId: ({ triggerId, entityType, entityId, firingId }) =>
    firingId
      ? jobId('entity-workflow', triggerId, entityType, entityId, firingId)
      : jobId('entity-workflow', triggerId, entityType, entityId),
  rerun: 'return-existing',
});

/** An automatic task of the run, due at `dueAt` (epoch ms). */
export interface PlannedEntityTask {
  taskRunId: string;
  dueAt: number;
}

export interface EntityAutomationPlan {
  /** Automatic tasks still to run, in the automation's order. */
  tasks: PlannedEntityTask[];
  /** Tasks recorded SKIPPED when the run was created (a task needing a session, added since the trigger looked). */
  skipped: number;
}

export type EntityTaskOutcome = FinishedTaskOutcome;

/** The activity names are Temporal's activity types, recorded in histories: they keep their old words. */
export interface EntityAutomationActivities {
  applyEntityWorkflow(input: {
    jobRunId: string;
    payload: EntityAutomationPayload;
    appliedAt: number;
  }): Promise<EntityAutomationPlan>;
  runEntityWorkflowTask(input: { jobRunId: string; taskRunId: string }): Promise<EntityTaskOutcome>;
  failEntityTaskRun(input: { taskRunId: string; error: string }): Promise<void>;
}
