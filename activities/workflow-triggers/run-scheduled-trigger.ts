import { type FiringOutcome, type recordFiringExecutions } from '../../db/commands/record-trigger-executions';
import { type loadConditionSubjects } from '../../db/queries/condition-subject';
import { type findTriggerById, type pageOwnedEntityIds } from '../../db/queries/workflow-triggers';
import { evaluate } from '../../domain/workflow-triggers/conditions';
import { scheduledEntityType } from '../../domain/workflow-triggers/schedule-config';
import { type FiringPage } from '../../workflows/workflow-triggers/contract';
import { type Bound } from '../db-deps';
import { createTriggerWorkflowStarter, type TriggerWorkflowDeps } from './apply-trigger-workflow';

/** The trigger, a page of its owner's entities, and the firing's executions (db/commands/record-trigger-executions.ts). */
export interface ScheduledTriggerDeps extends TriggerWorkflowDeps {
  findTriggerById: Bound<typeof findTriggerById>;
  pageOwnedEntityIds: Bound<typeof pageOwnedEntityIds>;
  loadConditionSubjects: Bound<typeof loadConditionSubjects>;
  recordFiringExecutions: Bound<typeof recordFiringExecutions>;
}

/** Entities evaluated per activity: a page is a few seconds of work at most. */
export const FIRING_PAGE_SIZE = 100;

/**
 * One page of a SCHEDULED trigger's firing (the firing is its job run: `jobRunId` is the
 * firing id). For the trigger's owner, the next page of entities of the schedule's type, in id
 * order: loaded together with the relations condition fields name (loadConditionSubjects, a few
 * statements per page) and each evaluated. A matching
 * session gets the trigger's workflow (the session workflow job, one per session and workflow,
 * so a second firing finds the first run instead of running the workflow twice) and a COMPLETED
 * execution; a matching contact, quote or invoice gets an entity workflow run of this firing (one
 * per trigger, entity and firing), or SKIPPED with the reason when the workflow needs a session,
 * as the event evaluator does; an entity whose evaluation throws is FAILED with the message.
 * Executions are unique per trigger, entity and firing, so a retried page records nothing twice.
 */
export function createScheduledTriggerActivities(deps: ScheduledTriggerDeps) {
  return {
    async runScheduledTriggerPage({
      jobRunId,
      triggerId,
      afterId,
    }: {
      jobRunId: string;
      triggerId: string;
      afterId: string | null;
    }): Promise<FiringPage> {
      const empty = { next: null, entities: 0, applied: 0, skipped: 0, failed: 0 };
      const trigger = await deps.findTriggerById(triggerId);
      if (!trigger) return { ...empty, note: 'The trigger no longer exists' };
      if (trigger.trigger_event !== 'SCHEDULED') return { ...empty, note: 'The trigger is no longer SCHEDULED' };
      if (!trigger.is_active) return { ...empty, note: 'The trigger is inactive' };
      const entityType = scheduledEntityType(trigger.schedule_config);
      const ids = await deps.pageOwnedEntityIds(entityType, trigger.owner_id, afterId, FIRING_PAGE_SIZE);
      const page: FiringPage = {
        ...empty,
        entityType,
        entities: ids.length,
        next: ids.length === FIRING_PAGE_SIZE ? (ids.at(-1) as string) : null,
      };
      const outcomes: FiringOutcome[] = [];
      const runTriggerWorkflow = createTriggerWorkflowStarter(deps);
      const subjects = await deps.loadConditionSubjects(entityType, ids, trigger.owner_id);
      for (const entityId of ids) {
        try {
          const subject = subjects.get(entityId);
          // Deleted since the page was read: nothing to run.
          if (!subject || !evaluate(trigger.conditions, subject)) continue;
          const outcome = await runTriggerWorkflow({
            trigger,
            entityType,
            entityId,
            firingId: jobRunId,
            jobRunId,
            requestId: jobRunId,
          });
          outcomes.push({ entityId, ...outcome });
          if (outcome.status === 'COMPLETED') page.applied += 1;
          else page.skipped += 1;
        } catch (err) {
          outcomes.push({ entityId, status: 'FAILED', jobRunId, error: (err as Error).message });
          page.failed += 1;
        }
      }
      await deps.recordFiringExecutions(
        { ownerId: trigger.owner_id, triggerId, entityType, firingId: jobRunId },
        outcomes,
      );
      return page;
    },
  };
}
