import { type Client } from '@temporalio/client';
import { type Logger } from 'pino';
import { OutboxEvent } from '../../db/models/OutboxEvent';
import { WorkflowTrigger } from '../../db/models/WorkflowTrigger';
import { WorkflowTriggerExecution } from '../../db/models/WorkflowTriggerExecution';
import { loadConditionSubject } from '../../db/queries/condition-subject';
import { evaluate } from '../../domain/workflow-triggers/conditions';
import { EVENT_ENTITY } from '../../domain/workflow-triggers/fields';
import { startJob } from '../../lib/jobs/start-job';
import { SESSION_WORKFLOW_JOB } from '../../workflows/session-workflows/contract';
import { type EvaluationSummary } from '../../workflows/workflow-triggers/contract';

/**
 * Evaluates one outbox event: every active trigger of its owner for that event, in
 * execution_order. Conditions that hold on a session apply the trigger's workflow to it (a
 * session workflow job, one per session and workflow) and are recorded COMPLETED with that job's
 * run; on a contact, quote or invoice they are recorded SKIPPED (no workflow runs on those
 * entities); a trigger whose evaluation throws is recorded FAILED with the message. One execution
 * per trigger and entity (a unique row): a retried or redelivered evaluation records nothing twice.
 */
export function createTriggerEvaluationActivities({ logger, temporal }: { logger: Logger; temporal: Client }) {
  const record = async (trigger: WorkflowTrigger, event: OutboxEvent, jobRunId: string, status: 'COMPLETED' | 'SKIPPED' | 'FAILED', error?: string) => {
    await WorkflowTriggerExecution.findOrCreate({
      where: { trigger_id: trigger.id, entity_type: event.entity_type, entity_id: event.entity_id },
      defaults: { owner_id: event.owner_id, event_type: event.event_type, status, error_message: error?.slice(0, 2_000) ?? null, job_run_id: jobRunId, finished_at: new Date() },
    });
  };

  return {
    async evaluateTriggers({ jobRunId, eventId }: { jobRunId: string; eventId: string }): Promise<EvaluationSummary> {
      const event = await OutboxEvent.findByPk(eventId);
      const summary: EvaluationSummary = { eventType: event?.event_type ?? 'unknown', triggers: 0, applied: 0, skipped: 0, failed: 0 };
      if (!event) return { ...summary, note: 'The event no longer exists' };
      if (!(event.event_type in EVENT_ENTITY) || !EVENT_ENTITY[event.event_type as keyof typeof EVENT_ENTITY]) return { ...summary, note: `${event.event_type} events are not evaluated yet` };
      const triggers = await WorkflowTrigger.findAll({ where: { owner_id: event.owner_id, trigger_event: event.event_type, is_active: true }, order: [['execution_order', 'ASC'], ['created_at', 'ASC'], ['id', 'ASC']] });
      summary.triggers = triggers.length;
      if (!triggers.length) return summary;
      const subject = await loadConditionSubject(event.entity_type, event.entity_id, event.owner_id);
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
            await record(trigger, event, run.id, 'COMPLETED');
            summary.applied += 1;
            logger.info({ triggerId: trigger.id, sessionId: event.entity_id, workflowId: trigger.workflow_id, sessionWorkflowJobRunId: run.id }, 'Workflow applied to the session');
            continue;
          }
          await record(trigger, event, jobRunId, 'SKIPPED');
          summary.skipped += 1;
        } catch (err) {
          await record(trigger, event, jobRunId, 'FAILED', (err as Error).message);
          summary.failed += 1;
        }
      }
      return summary;
    },
  };
}
