import { type recordTriggerExecutions, type TriggerOutcome } from '../../db/commands/record-trigger-executions';
import { type loadConditionSubject } from '../../db/queries/condition-subject';
import { type loadEventWithTriggers, type OutboxEventRecord } from '../../db/queries/event-triggers';
import { evaluate } from '../../domain/workflow-triggers/conditions';
import { hearsPlatformStatus } from '../../domain/e-invoicing/platform-trigger';
import { type DomainEventType } from '../../domain/events/domain-event';
import { EVENT_ENTITY } from '../../domain/workflow-triggers/fields';
import { type EvaluationSummary } from '../../workflows/workflow-triggers/contract';
import { type Bound } from '../db-deps';
import { createTriggerWorkflowStarter, type TriggerWorkflowDeps } from './apply-trigger-workflow';

/**
 * The event with its owner's triggers and their workflows' tasks (one statement), its entity, and
 * the executions' record (db/commands/record-trigger-executions.ts, one statement).
 */
export interface TriggerEvaluationDeps extends Omit<TriggerWorkflowDeps, 'listAutomationTaskShapes'> {
  loadEventWithTriggers: Bound<typeof loadEventWithTriggers>;
  loadConditionSubject: Bound<typeof loadConditionSubject>;
  recordTriggerExecutions: Bound<typeof recordTriggerExecutions>;
}

/**
 * What the conditions read: the entity, with a contact form's answers beside a contact (as
 * form.<answer>: domain/workflow-triggers/fields.ts), the member put on a session (as
 * assigned.<field>), or a platform status (issue 32 §2) beside an invoice.
 */
function conditionSubject(
  event: OutboxEventRecord,
  entity: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (entity && event.event_type === 'FORM_SUBMITTED') return { ...entity, form: event.payload };
  if (entity && event.event_type === 'SESSION_ASSIGNED') return { ...entity, assigned: event.payload.assigned };
  if (entity && event.event_type.startsWith('BOOKING_')) return { ...entity, booking: event.payload.booking };
  if (entity && event.event_type === 'WAITLIST_OFFERED') return { ...entity, waitlist: event.payload.waitlist };
  if (entity && event.event_type === 'INVOICE_STATUS_CHANGED')
    return {
      ...entity,
      platform_status: event.payload.platform_status ?? null,
      platform_status_reason: event.payload.platform_status_reason ?? null,
    };
  return entity;
}

/**
 * Evaluates one outbox event: every active trigger of its owner for that event, in
 * execution_order, read with the event and their workflows' tasks in one statement; the entity
 * and its relations in one read. Conditions that hold run the trigger's workflow for the entity
 * (createTriggerWorkflowStarter: a session workflow, one per session and workflow; an entity
 * workflow for a contact, quote or invoice, one per trigger and entity) and are recorded
 * COMPLETED with that job's run, or SKIPPED with the reason when the workflow cannot run without
 * a session; a trigger whose evaluation throws is recorded FAILED with the message. The outcomes
 * are written together at the end, in one statement, one row per trigger and entity: a retried or
 * redelivered evaluation records nothing twice (a retry after a crash starts the same jobs again,
 * which finds them: their ids come from the business keys).
 */
export function createTriggerEvaluationActivities(deps: TriggerEvaluationDeps) {
  return {
    async evaluateTriggers({ jobRunId, eventId }: { jobRunId: string; eventId: string }): Promise<EvaluationSummary> {
      const read = await deps.loadEventWithTriggers(eventId);
      const event = read?.event;
      const summary: EvaluationSummary = {
        eventType: event?.event_type ?? 'unknown',
        triggers: 0,
        applied: 0,
        skipped: 0,
        failed: 0,
      };
      if (!read || !event) return { ...summary, note: 'The event no longer exists' };
      const eventType = event.event_type as DomainEventType;
      if (!(eventType in EVENT_ENTITY) || !EVENT_ENTITY[eventType])
        return { ...summary, note: `${event.event_type} events are not evaluated yet` };
      const { triggers } = read;
      summary.triggers = triggers.length;
      if (!triggers.length) return summary;
      const subject = conditionSubject(
        event,
        await deps.loadConditionSubject(event.entity_type, event.entity_id, event.owner_id),
      );
      // A platform status is heard only by triggers that ask for one.
      const platformEvent = eventType === 'INVOICE_STATUS_CHANGED' && typeof event.payload.platform_status === 'string';
      const outcomes: TriggerOutcome[] = [];
      // The workflows' tasks came with the triggers: the starter asks for them without a statement.
      const runTriggerWorkflow = createTriggerWorkflowStarter({
        ...deps,
        listAutomationTaskShapes: async (_ownerId, automationId) => read.tasks.get(automationId) ?? [],
      });
      for (const trigger of triggers) {
        try {
          if (platformEvent && !hearsPlatformStatus(trigger.conditions)) continue;
          if (!subject) throw new Error(`The ${event.entity_type.toLowerCase()} no longer exists`);
          if (!evaluate(trigger.conditions, subject)) continue;
          const outcome = await runTriggerWorkflow({
            trigger: { ...trigger, owner_id: event.owner_id },
            entityType: event.entity_type,
            entityId: event.entity_id,
            firingId: '',
            jobRunId,
            requestId: event.request_id ?? undefined,
          });
          outcomes.push({ triggerId: trigger.id, ...outcome });
          if (outcome.status === 'COMPLETED') summary.applied += 1;
          else summary.skipped += 1;
        } catch (err) {
          outcomes.push({ triggerId: trigger.id, status: 'FAILED', jobRunId, error: (err as Error).message });
          summary.failed += 1;
        }
      }
      await deps.recordTriggerExecutions(
        { ownerId: event.owner_id, entityType: event.entity_type, entityId: event.entity_id, eventType },
        outcomes,
      );
      return summary;
    },
  };
}
