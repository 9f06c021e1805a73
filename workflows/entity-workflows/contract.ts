import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';
import { type EntityWorkflowEntity } from '../../domain/workflows/entity-workflows';

/** A studio workflow run for one of its contacts, quotes or invoices, by one trigger (and one firing of a SCHEDULED trigger). */
export interface EntityWorkflowPayload extends Record<string, unknown> {
  ownerId: string;
  entityType: EntityWorkflowEntity;
  entityId: string;
  workflowId: string;
  triggerId: string;
  /** The SCHEDULED trigger's firing (its job run id); '' for an event. */
  firingId: string;
}

/** What makes a run: one per trigger and entity (the spec's duplicate guard), and per firing for SCHEDULED triggers. */
export interface EntityWorkflowKey {
  triggerId: string;
  entityType: EntityWorkflowEntity;
  entityId: string;
  firingId: string;
}

/**
 * One Temporal workflow per (trigger, entity, firing): a redelivered event, a second event about
 * the same entity, or a retried page of a firing finds the run that is there (job_runs keeps the
 * id after Temporal forgets the workflow).
 */
export const ENTITY_WORKFLOW_JOB = defineJob<EntityWorkflowPayload, EntityWorkflowKey>({
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

export interface EntityWorkflowPlan {
  /** Automatic tasks still to run, in the workflow's order. */
  tasks: PlannedEntityTask[];
  /** Tasks recorded SKIPPED when the run was created (a task needing a session, added since the trigger looked). */
  skipped: number;
}

export type EntityTaskOutcome = { status: 'COMPLETED' | 'FAILED' | 'SKIPPED'; error?: string };

export interface EntityWorkflowSummary {
  completed: number;
  failed: number;
  skipped: number;
}

export interface EntityWorkflowActivities {
  applyEntityWorkflow(input: {
    jobRunId: string;
    payload: EntityWorkflowPayload;
    appliedAt: number;
  }): Promise<EntityWorkflowPlan>;
  runEntityWorkflowTask(input: { jobRunId: string; taskRunId: string }): Promise<EntityTaskOutcome>;
  failEntityTaskRun(input: { taskRunId: string; error: string }): Promise<void>;
}

/** Failures of applyEntityWorkflow no retry can fix: the entity or the workflow is gone. */
export const ENTITY_WORKFLOW_NON_RETRYABLE = ['not_found'] as const;
