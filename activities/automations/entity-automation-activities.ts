import { ApplicationFailure, Context } from '@temporalio/activity';
import { type Logger } from 'pino';
import { type applyAutomationToEntity } from '../../db/commands/apply-automation-to-entity';
import { type claimEntityTaskRun } from '../../db/commands/claim-entity-task-run';
import { type failEntityTaskRun } from '../../db/commands/fail-entity-task-run';
import { type finishEntityTaskRun } from '../../db/commands/finish-entity-task-run';
import { type TaskRunMetadata } from '../../domain/automations/task-run-metadata';
import {
  type EntityTaskRunContext,
  type loadEntityTaskRunContext,
  type loadEntityWithContact,
} from '../../db/queries/entity-automations';
import { clientLocale } from '../../domain/accounts/client-locale';
import { ENTITY_SMS_FALLBACK, entityMessageVariables } from '../../domain/automations/entity-automations';
import { type EntityAutomationActivities, type PlannedEntityTask } from '../../workflows/automations/contract';
import {
  sendTaskEmail,
  sendTaskSms,
  type TaskMessage,
  type TaskMessageDeps,
  TaskRejected,
} from '../automations/task-messages';
import { type Bound } from '../db-deps';
import { runsToPlan } from './runs-to-plan';

/** The entity task runs' reads and writes (db/commands/*-entity-task-run.ts, db/queries/entity-automations.ts). */
export interface EntityAutomationDb {
  applyAutomationToEntity: Bound<typeof applyAutomationToEntity>;
  loadEntityTaskRunContext: Bound<typeof loadEntityTaskRunContext>;
  loadEntityWithContact: Bound<typeof loadEntityWithContact>;
  claimEntityTaskRun: Bound<typeof claimEntityTaskRun>;
  finishEntityTaskRun: Bound<typeof finishEntityTaskRun>;
  failEntityTaskRun: Bound<typeof failEntityTaskRun>;
}

export type EntityAutomationDeps = TaskMessageDeps & EntityAutomationDb & { logger: Logger };

const WHOSE = {
  CONTACT: 'the contact has none',
  QUOTE: "the quote's contact has none, or the quote has no contact",
  INVOICE: "the invoice's contact has none, or the invoice has no contact",
} as const;

/** The task's message: to the entity's contact as it is now, about the entity. */
async function entityMessage(
  deps: EntityAutomationDeps,
  { run, task, owner }: EntityTaskRunContext,
): Promise<TaskMessage | null> {
  const entity = await deps.loadEntityWithContact(owner.id, run.entity_type, run.entity_id);
  if (!entity) return null;
  const { contact, document } = entity;
  const locale = clientLocale(contact, owner);
  return {
    runId: run.id,
    messageIdPrefix: 'entity-task-run',
    task,
    ownerId: owner.id,
    contact,
    locale,
    variables: entityMessageVariables({
      entityType: run.entity_type,
      contact,
      document,
      reader: { locale, timeZone: owner.time_zone },
    }),
    metadata: {
      workflow_id: run.workflow_id,
      workflow_task_id: task.id,
      entity_type: run.entity_type,
      entity_id: run.entity_id,
      contact_id: contact?.id ?? null,
    },
    noRecipient: WHOSE[run.entity_type],
    smsFallback: ENTITY_SMS_FALLBACK,
  };
}

/**
 * The entity automation's side (entityWorkflow in workflows/automations/): creating a run's task rows, sending a
 * task's SMS or email to the entity's contact (read when the task runs, in the contact's language,
 * with the entity's variables), and recording a task that failed for good.
 */
export function createEntityAutomationActivities(deps: EntityAutomationDeps): EntityAutomationActivities {
  return {
    async applyEntityWorkflow({ jobRunId, payload, appliedAt }) {
      const { workflowId: automationId, ...run } = payload;
      const applied = await deps.applyAutomationToEntity({ ...run, automationId, jobRunId, appliedAt });
      if (applied.missing)
        throw ApplicationFailure.create({
          type: 'not_found',
          message: `The ${applied.missing === 'entity' ? payload.entityType.toLowerCase() : 'workflow'} no longer exists`,
          nonRetryable: true,
        });
      const tasks: PlannedEntityTask[] = runsToPlan(applied.tasks, applied.runs).flatMap(({ run }) =>
        run.scheduled_at ? [{ taskRunId: run.id, dueAt: run.scheduled_at.getTime() }] : [],
      );
      return { tasks, skipped: applied.runs.filter((r) => r.status === 'SKIPPED').length };
    },

    async runEntityWorkflowTask({ taskRunId }) {
      const context = await deps.loadEntityTaskRunContext(taskRunId);
      if (!context) return { status: 'SKIPPED', error: 'The task no longer exists' };
      const { run, task } = context;
      // Finished already (a retried activity): answered as it ended.
      const { status } = run;
      if (status !== 'PENDING' && status !== 'RUNNING') return { status, error: run.error ?? undefined };
      if (task.task_type === 'MANUAL')
        return { status: 'SKIPPED', error: 'MANUAL tasks are done by the studio, not run' };
      if (task.task_type !== 'AUTOMATIC_SMS' && task.task_type !== 'AUTOMATIC_EMAIL')
        return { status: 'SKIPPED', error: `${task.task_type} needs a session` };
      if (!(await deps.claimEntityTaskRun(run.id)))
        return { status: 'SKIPPED', error: 'The task run was finished elsewhere' };
      const message = await entityMessage(deps, context);
      let contactId = message?.contact?.id ?? null;
      let outcome: { status: 'COMPLETED' | 'FAILED'; metadata: TaskRunMetadata; error?: string };
      try {
        Context.current().heartbeat();
        if (!message) throw new TaskRejected(`The ${run.entity_type.toLowerCase()} no longer exists`);
        const metadata =
          task.task_type === 'AUTOMATIC_SMS' ? await sendTaskSms(deps, message) : await sendTaskEmail(deps, message);
        outcome = { status: 'COMPLETED', metadata };
      } catch (err) {
        if (!(err instanceof TaskRejected)) throw err;
        outcome = { status: 'FAILED', metadata: err.metadata, error: err.message };
        contactId ??= run.contact_id;
      }
      await deps.finishEntityTaskRun(run, { ...outcome, contactId });
      deps.logger.info(
        {
          taskRunId: run.id,
          entityType: run.entity_type,
          entityId: run.entity_id,
          status: outcome.status,
          error: outcome.error,
        },
        'Entity workflow task finished',
      );
      return { status: outcome.status, error: outcome.error };
    },

    async failEntityTaskRun({ taskRunId, error }) {
      await deps.failEntityTaskRun(taskRunId, error);
    },
  };
}
