import { type Sequelize } from 'sequelize-typescript';
import { type AutomationEntity, sessionOnlyReason } from '../../domain/automations/entity-automations';
import { taskDueAt } from '../../domain/automations/task-timing';
import { EntityAutomationTaskRun, type TaskRunMetadata } from '../models/EntityAutomationTaskRun';
import { type AutomationTask } from '../models/AutomationTask';
import { loadEntityWithContact } from '../queries/entity-automations';
import { type Row } from '../rows';
import { findAutomationWithTasks } from '../queries/automations';

export interface EntityRunProps {
  ownerId: string;
  entityType: AutomationEntity;
  entityId: string;
  automationId: string;
  triggerId: string;
  firingId: string;
  jobRunId: string;
  appliedAt: number;
}

/** What creating a run found and wrote: the automation's tasks in order and the run's task rows. */
export type AppliedEntityAutomation =
  | { missing: 'entity' | 'workflow' }
  | { missing?: undefined; tasks: Row<AutomationTask>[]; runs: Row<EntityAutomationTaskRun>[] };

/**
 * Creates the task rows of one run of an automation for a contact, quote or invoice: PENDING with its
 * due date for a task that runs without a session (a MANUAL one is a to-do), SKIPPED with the
 * reason for one that needs a session (added after the trigger looked). Unique per trigger,
 * entity, firing and task: a retried start adds nothing and keeps the first one's dates.
 */
export async function applyAutomationToEntity(
  sequelize: Sequelize,
  props: EntityRunProps,
): Promise<AppliedEntityAutomation> {
  const { ownerId, entityType, entityId, automationId, triggerId, firingId, jobRunId, appliedAt } = props;
  const entity = await loadEntityWithContact(sequelize, ownerId, entityType, entityId);
  if (!entity) return { missing: 'entity' };
  const workflow = await findAutomationWithTasks(sequelize, ownerId, automationId);
  if (!workflow) return { missing: 'workflow' };
  const tasks = workflow.tasks ?? [];
  const run = {
    owner_id: ownerId,
    entity_type: entityType,
    entity_id: entityId,
    contact_id: entity.contact?.id ?? null,
    trigger_id: triggerId,
    firing_id: firingId,
    workflow_id: automationId,
    job_run_id: jobRunId,
  };
  await EntityAutomationTaskRun.bulkCreate(
    tasks.map((task) => {
      const metadata: TaskRunMetadata = {
        workflow_id: automationId,
        workflow_task_id: task.id,
        task_type: task.task_type,
        entity_type: entityType,
        entity_id: entityId,
        trigger_id: triggerId,
      };
      const reason = sessionOnlyReason(task);
      if (reason)
        return {
          ...run,
          workflow_task_id: task.id,
          status: 'SKIPPED',
          error: `Needs a session: ${reason}`,
          finished_at: new Date(appliedAt),
          metadata,
        };
      const due = taskDueAt(
        { timing: task.timing, offsetMinutes: task.offset_minutes },
        { appliedAt, sessionStart: null },
      );
      return {
        ...run,
        workflow_task_id: task.id,
        status: 'PENDING',
        scheduled_at: due === null ? null : new Date(due),
        metadata,
      };
    }),
    { ignoreDuplicates: true },
  );
  const runs = await EntityAutomationTaskRun.findAll({
    where: { trigger_id: triggerId, entity_type: entityType, entity_id: entityId, firing_id: firingId },
  });
  return { tasks, runs };
}
