import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { recordTriggerExecutions, type TriggerOutcome } from '../../db/commands/record-trigger-executions';
import { loadConditionSubject } from '../../db/queries/condition-subject';
import { findOutboxEvent } from '../../db/queries/outbox-events';
import { listActiveTriggersFor } from '../../db/queries/workflow-triggers';
import { evaluate } from '../../domain/workflow-triggers/conditions';
import { type DomainEventType } from '../../domain/events/domain-event';
import { EVENT_ENTITY } from '../../domain/workflow-triggers/fields';
import { startJob } from '../../lib/jobs/start-job';
import { SESSION_WORKFLOW_JOB } from '../../workflows/session-workflows/contract';
import { type EvaluationSummary } from '../../workflows/workflow-triggers/contract';

/**
 * Evaluates one outbox event: every active trigger of its owner for that event, in
 * execution_order. Conditions that hold on a session apply the trigger's workflow to it (a
 * session workflow job, one per session and workflow) and are recorded COMPLETED with that job's
 * run; on a contact, quote or invoice they are recorded SKIPPED (no workflow runs on those
 * entities); a trigger whose evaluation throws is recorded FAILED with the message. The outcomes
 * are written together at the end, in one statement, one row per trigger and entity: a retried or
 * redelivered evaluation records nothing twice (a retry after a crash starts the same session
 * workflow jobs again, which finds them: their ids come from session and workflow).
 */
export function createTriggerEvaluationActivities({ logger, temporal, sequelize }: { logger: Logger; temporal: Client; sequelize: Sequelize }) {
  return {
    async evaluateTriggers({ jobRunId, eventId }: { jobRunId: string; eventId: string }): Promise<EvaluationSummary> {
      const event = await findOutboxEvent(eventId);
      const summary: EvaluationSummary = { eventType: event?.event_type ?? 'unknown', triggers: 0, applied: 0, skipped: 0, failed: 0 };
      if (!event) return { ...summary, note: 'The event no longer exists' };
      const eventType = event.event_type as DomainEventType;
      if (!(eventType in EVENT_ENTITY) || !EVENT_ENTITY[eventType]) return { ...summary, note: `${event.event_type} events are not evaluated yet` };
      const triggers = await listActiveTriggersFor(event.owner_id, eventType);
      summary.triggers = triggers.length;
      if (!triggers.length) return summary;
      const entity = await loadConditionSubject(event.entity_type, event.entity_id, event.owner_id);
      // A contact form's answers are read beside the contact, as form.<answer> (domain/workflow-triggers/fields.ts).
      const subject = entity && eventType === 'FORM_SUBMITTED' ? { ...entity, form: event.payload } : entity;
      const outcomes: TriggerOutcome[] = [];
      for (const trigger of triggers) {
        try {
          if (!subject) throw new Error(`The ${event.entity_type.toLowerCase()} no longer exists`);
          if (!evaluate(trigger.conditions, subject)) continue;
          if (event.entity_type === 'SESSION') {
            const run = await startJob(
              temporal,
              SESSION_WORKFLOW_JOB,
              { sessionId: event.entity_id, workflowId: trigger.workflow_id },
              { ownerId: event.owner_id, sessionId: event.entity_id, workflowId: trigger.workflow_id, triggerId: trigger.id },
              { userId: event.owner_id, entityId: event.entity_id, requestId: event.request_id ?? undefined },
            );
            outcomes.push({ triggerId: trigger.id, status: 'COMPLETED', jobRunId: run.id });
            summary.applied += 1;
            logger.info({ triggerId: trigger.id, sessionId: event.entity_id, workflowId: trigger.workflow_id, sessionWorkflowJobRunId: run.id }, 'Workflow applied to the session');
            continue;
          }
          outcomes.push({ triggerId: trigger.id, status: 'SKIPPED', jobRunId });
          summary.skipped += 1;
        } catch (err) {
          outcomes.push({ triggerId: trigger.id, status: 'FAILED', jobRunId, error: (err as Error).message });
          summary.failed += 1;
        }
      }
      await recordTriggerExecutions(sequelize, { ownerId: event.owner_id, entityType: event.entity_type, entityId: event.entity_id, eventType }, outcomes);
      return summary;
    },
  };
}
