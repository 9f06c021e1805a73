import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type TaskShape } from '../../domain/automations/entity-automations';
import { type ConditionGroup } from '../../domain/workflow-triggers/conditions';
import { type OutboxEvent } from '../models/OutboxEvent';

/** What trigger evaluation reads of an outbox event. */
export type OutboxEventRecord = Pick<
  OutboxEvent,
  'id' | 'event_type' | 'owner_id' | 'entity_type' | 'entity_id' | 'request_id' | 'payload'
>;

/** An active trigger of the event's owner for the event's type. */
export interface EventTrigger {
  id: string;
  workflow_id: string;
  conditions: ConditionGroup;
}

/** An outbox event with everything its evaluation reads besides the entity. */
export interface EventWithTriggers {
  event: OutboxEventRecord;
  /** The owner's active triggers for the event's type, in execution order. */
  triggers: EventTrigger[];
  /** The tasks of those triggers' workflows (the owner's), by workflow id, in display order. */
  tasks: Map<string, TaskShape[]>;
}

/**
 * An outbox event, its owner's active triggers for it and their workflows' tasks, in one
 * statement (one round trip per evaluation instead of three: docs/performance.md, triggers);
 * null when the event no longer exists. A trigger applies to what happens once it exists: one
 * created after the event (while the event waited in the outbox, or before a replay) is not its.
 * A workflow that is not the owner's has no tasks here.
 */
export async function loadEventWithTriggers(sequelize: Sequelize, eventId: string): Promise<EventWithTriggers | null> {
  const [row] = await sequelize.query<
    OutboxEventRecord & { triggers: EventTrigger[]; tasks: Record<string, TaskShape[]> }
  >(
    `WITH e AS (SELECT id, event_type, owner_id, entity_type, entity_id, request_id, payload, created_at FROM outbox_events WHERE id = $1),
          t AS (SELECT t.id, t.workflow_id, t.conditions, t.execution_order, t.created_at
                  FROM workflow_triggers t JOIN e ON t.owner_id = e.owner_id AND t.trigger_event = e.event_type
                 WHERE t.is_active AND t.created_at <= e.created_at)
     SELECT e.id::text AS id, e.event_type, e.owner_id, e.entity_type, e.entity_id, e.request_id, e.payload,
            COALESCE((SELECT json_agg(json_build_object('id', t.id, 'workflow_id', t.workflow_id, 'conditions', t.conditions)
                                      ORDER BY t.execution_order, t.created_at, t.id) FROM t), '[]'::json) AS triggers,
            COALESCE((SELECT json_object_agg(w.id, (SELECT COALESCE(json_agg(json_build_object('name', k.name, 'task_type', k.task_type, 'timing', k.timing)
                                                                            ORDER BY k.display_order, k.created_at), '[]'::json)
                                                      FROM workflow_tasks k WHERE k.workflow_id = w.id))
                        FROM workflows w WHERE w.owner_id = e.owner_id AND w.id IN (SELECT workflow_id FROM t)), '{}'::json) AS tasks
       FROM e`,
    { bind: [eventId], type: QueryTypes.SELECT },
  );
  if (!row) return null;
  const { triggers, tasks, ...event } = row;
  return { event, triggers, tasks: new Map(Object.entries(tasks)) };
}
