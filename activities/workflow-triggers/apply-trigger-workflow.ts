import { type Logger } from 'pino';
import { type DomainEntityType } from '../../domain/events/domain-event';
import { entityAutomationSkipReason, type TaskShape } from '../../domain/automations/entity-automations';
import { ENTITY_AUTOMATION_JOB } from '../../workflows/automations/contract';
import { SESSION_AUTOMATION_JOB } from '../../workflows/automations/contract';
import { type StartJob } from '../db-deps';

/** What running a matching trigger's workflow needs: the workflow's task shapes and startJob. */
export interface TriggerWorkflowDeps {
  logger: Logger;
  startJob: StartJob;
  /** A workflow's tasks (db/queries/entity-automations.ts, or what an evaluation read with its triggers). */
  listAutomationTaskShapes: (ownerId: string, automationId: string) => Promise<TaskShape[]>;
}

/** A trigger whose conditions held on an entity (of an event, or of a SCHEDULED trigger's firing). */
export interface TriggerMatch {
  trigger: { id: string; owner_id: string; workflow_id: string };
  entityType: DomainEntityType;
  entityId: string;
  /** The SCHEDULED firing's id; '' for an event. */
  firingId: string;
  /** The evaluation's (or firing's) job run: the execution's job run when nothing is started. */
  jobRunId: string;
  requestId?: string;
}

export interface MatchOutcome {
  status: 'COMPLETED' | 'SKIPPED';
  /** The started workflow's job run (COMPLETED), else the evaluation's. */
  jobRunId: string;
  error?: string;
}

/**
 * Runs a matching trigger's workflow for its entity. A session gets the session workflow (one per
 * session and workflow). A contact, quote or invoice gets an entity workflow, one per trigger and
 * entity (and firing), unless the workflow has no task or one needing a session: then the
 * execution is SKIPPED with that reason. The workflow's tasks are read once per workflow for the
 * life of this starter (one evaluation, or one page of a firing).
 */
export function createTriggerWorkflowStarter({ logger, startJob, listAutomationTaskShapes }: TriggerWorkflowDeps) {
  const shapes = new Map<string, Promise<TaskShape[]>>();
  const tasksOf = (ownerId: string, automationId: string) => {
    if (!shapes.has(automationId)) shapes.set(automationId, listAutomationTaskShapes(ownerId, automationId));
    return shapes.get(automationId) as Promise<TaskShape[]>;
  };

  return async function runTriggerWorkflow({
    trigger,
    entityType,
    entityId,
    firingId,
    jobRunId,
    requestId,
  }: TriggerMatch): Promise<MatchOutcome> {
    const meta = { userId: trigger.owner_id, entityId, requestId };
    const logged = {
      triggerId: trigger.id,
      entityType,
      entityId,
      workflowId: trigger.workflow_id,
      firingId: firingId || undefined,
    };
    if (entityType === 'SESSION') {
      const run = await startJob(
        SESSION_AUTOMATION_JOB,
        { sessionId: entityId, automationId: trigger.workflow_id },
        { ownerId: trigger.owner_id, sessionId: entityId, workflowId: trigger.workflow_id, triggerId: trigger.id },
        meta,
      );
      logger.info({ ...logged, workflowJobRunId: run.id }, 'Workflow applied to the session');
      return { status: 'COMPLETED', jobRunId: run.id };
    }
    const reason = entityAutomationSkipReason(entityType, await tasksOf(trigger.owner_id, trigger.workflow_id));
    if (reason) return { status: 'SKIPPED', jobRunId, error: reason };
    const key = { triggerId: trigger.id, entityType, entityId, firingId };
    const run = await startJob(
      ENTITY_AUTOMATION_JOB,
      key,
      { ownerId: trigger.owner_id, workflowId: trigger.workflow_id, ...key },
      meta,
    );
    logger.info({ ...logged, workflowJobRunId: run.id }, `Workflow run for the ${entityType.toLowerCase()}`);
    return { status: 'COMPLETED', jobRunId: run.id };
  };
}
