import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** An undispatched outbox event, and whether its owner has an active trigger waiting for it. */
export interface OutboxEventRow {
  id: string;
  event_type: string;
  owner_id: string;
  entity_id: string;
  payload: Record<string, unknown>;
  request_id: string | null;
  has_trigger: boolean;
}

/** One batch of the outbox, locked for the relay that took it, with the statements its dispatch may run. */
export interface OutboxBatch {
  events: OutboxEventRow[];
  /** Counts a failed attempt on an event that stays in the outbox (retried on the next pass). */
  markUndispatched(eventId: string, message: string): Promise<void>;
  /** The session workflows of a session that still have tasks waiting (SESSION_RESCHEDULED's addressees). */
  pendingSessionWorkflowIds(sessionId: string): Promise<string[]>;
}

/**
 * One pass of the outbox relay, in one transaction: takes up to `batchSize` undispatched events
 * in id order (FOR UPDATE SKIP LOCKED, so several relays share the work), hands them to
 * `dispatch` (lib/jobs/outbox-dispatch.ts, which talks to Temporal), and marks the events it
 * answers dispatched, together, once it is done. Answers how many events the pass took.
 */
export function dispatchOutboxBatch(
  sequelize: Sequelize,
  batchSize: number,
  dispatch: (batch: OutboxBatch) => Promise<string[]>,
): Promise<number> {
  return sequelize.transaction(async (transaction) => {
    const events = await sequelize.query<OutboxEventRow>(
      `SELECT e.id::text, e.event_type, e.owner_id, e.entity_id, e.payload, e.request_id,
              EXISTS (SELECT 1 FROM workflow_triggers t WHERE t.owner_id = e.owner_id AND t.trigger_event = e.event_type AND t.is_active) AS has_trigger
         FROM outbox_events e WHERE e.dispatched_at IS NULL ORDER BY e.id LIMIT $1 FOR UPDATE OF e SKIP LOCKED`,
      { bind: [batchSize], type: QueryTypes.SELECT, transaction },
    );
    const dispatched = await dispatch({
      events,
      async markUndispatched(eventId, message) {
        await sequelize.query('UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1', {
          bind: [eventId, message.slice(0, 2_000)],
          transaction,
        });
      },
      async pendingSessionWorkflowIds(sessionId) {
        const rows = await sequelize.query<{ workflow_id: string }>(
          `SELECT DISTINCT workflow_id FROM session_workflow_task_runs WHERE session_id = $1 AND status = 'PENDING'`,
          { bind: [sessionId], type: QueryTypes.SELECT, transaction },
        );
        return rows.map((r) => r.workflow_id);
      },
    });
    if (dispatched.length) {
      await sequelize.query(
        'UPDATE outbox_events SET dispatched_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])',
        { bind: [dispatched], transaction },
      );
    }
    return events.length;
  });
}
