import { type Sequelize } from 'sequelize-typescript';
import { type DomainEntityType, type DomainEventType } from '../../domain/events/domain-event';
import { type TriggerExecutionStatus } from '../../domain/automations/statuses';

/** The outcome of one trigger for the evaluated entity. */
export interface TriggerOutcome {
  triggerId: string;
  status: Extract<TriggerExecutionStatus, 'COMPLETED' | 'SKIPPED' | 'FAILED'>;
  /** The job run behind the outcome: the session workflow's for COMPLETED, the evaluation's otherwise. */
  jobRunId: string;
  /** Required for FAILED (a check constraint), kept to 2 000 characters. */
  error?: string;
}

/**
 * Records the outcomes of one evaluation, one row per trigger and entity, in one statement. A row
 * that already exists for that trigger and entity (a retried or redelivered evaluation, or an
 * earlier event about the same entity) is kept as it is: the unique constraint decides, so two
 * evaluations at once cannot record a trigger twice either.
 */
export async function recordTriggerExecutions(
  sequelize: Sequelize,
  event: { ownerId: string; entityType: DomainEntityType; entityId: string; eventType: DomainEventType },
  outcomes: readonly TriggerOutcome[],
): Promise<void> {
  if (!outcomes.length) return;
  const rows = outcomes.map((o) => ({
    trigger_id: o.triggerId,
    status: o.status,
    job_run_id: o.jobRunId,
    error_message: o.error?.slice(0, 2_000) ?? null,
  }));
  await sequelize.query(
    `INSERT INTO workflow_trigger_executions (trigger_id, owner_id, entity_type, entity_id, event_type, status, error_message, job_run_id, finished_at)
     SELECT o.trigger_id, $2, $3, $4, $5, o.status, o.error_message, o.job_run_id, now()
       FROM jsonb_to_recordset($1::jsonb) AS o(trigger_id uuid, status varchar(10), error_message text, job_run_id uuid)
     ON CONFLICT ON CONSTRAINT workflow_trigger_executions_once DO NOTHING`,
    { bind: [JSON.stringify(rows), event.ownerId, event.entityType, event.entityId, event.eventType] },
  );
}

/** The outcome of a SCHEDULED trigger's firing for one entity. */
export interface FiringOutcome extends Omit<TriggerOutcome, 'triggerId'> {
  entityId: string;
}

/**
 * Records one page of a SCHEDULED trigger's firing: one row per entity, unique per trigger,
 * entity and firing, so a retried page records nothing twice.
 */
export async function recordFiringExecutions(
  sequelize: Sequelize,
  firing: { ownerId: string; triggerId: string; entityType: DomainEntityType; firingId: string },
  outcomes: readonly FiringOutcome[],
): Promise<void> {
  if (!outcomes.length) return;
  const rows = outcomes.map((o) => ({
    entity_id: o.entityId,
    status: o.status,
    job_run_id: o.jobRunId,
    error_message: o.error?.slice(0, 2_000) ?? null,
  }));
  await sequelize.query(
    `INSERT INTO workflow_trigger_executions (trigger_id, owner_id, entity_type, entity_id, event_type, status, error_message, job_run_id, finished_at, firing_id)
     SELECT $2, $3, $4, o.entity_id, 'SCHEDULED', o.status, o.error_message, o.job_run_id, now(), $5
       FROM jsonb_to_recordset($1::jsonb) AS o(entity_id uuid, status varchar(10), error_message text, job_run_id uuid)
     ON CONFLICT ON CONSTRAINT workflow_trigger_executions_once DO NOTHING`,
    { bind: [JSON.stringify(rows), firing.triggerId, firing.ownerId, firing.entityType, firing.firingId] },
  );
}
