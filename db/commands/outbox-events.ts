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

/** One claimed batch of the outbox, with the statements its dispatch may run (built by workers/outbox-relay.ts). */
export interface OutboxBatch {
  events: OutboxEventRow[];
  /** Counts a failed attempt on an event that stays in the outbox (retried on the next pass). */
  markUndispatched(eventId: string, message: string): Promise<void>;
  /** The session workflows of a session that still have tasks waiting (SESSION_RESCHEDULED's addressees). */
  pendingSessionWorkflowIds(sessionId: string): Promise<string[]>;
}

/** How long a relay's claim on a batch lasts: past it, another relay takes the events (starts are idempotent). */
const CLAIM_SECONDS = 60;

/**
 * The outbox relay's claim (workers/outbox-relay.ts): one statement takes up to `batchSize`
 * undispatched, unclaimed events in id order (FOR UPDATE SKIP LOCKED for that statement only,
 * so several relays share the work) and claims them for a minute. No lock outlives it: the relay
 * talks to Temporal with no transaction open, then ends the claim (`endOutboxClaim`). A relay
 * that dies mid-pass leaves its claim to expire.
 */
export async function claimOutboxBatch(sequelize: Sequelize, batchSize: number): Promise<OutboxEventRow[]> {
  const claimed = await sequelize.query<OutboxEventRow>(
    `UPDATE outbox_events e SET claimed_until = now() + make_interval(secs => $2)
      WHERE e.id IN (
        SELECT id FROM outbox_events
         WHERE dispatched_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING e.id::text, e.event_type, e.owner_id, e.entity_id, e.payload, e.request_id,
        EXISTS (SELECT 1 FROM workflow_triggers t WHERE t.owner_id = e.owner_id AND t.trigger_event = e.event_type AND t.is_active) AS has_trigger`,
    { bind: [batchSize, CLAIM_SECONDS], type: QueryTypes.SELECT },
  );
  return claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

/** Counts a failed attempt on a claimed event that stays in the outbox (taken again on the next pass). */
export async function markOutboxEventUndispatched(
  sequelize: Sequelize,
  eventId: string,
  message: string,
): Promise<void> {
  await sequelize.query('UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1', {
    bind: [eventId, message.slice(0, 2_000)],
  });
}

/** Ends a relay's claim on `claimedIds`: those in `dispatchedIds` are dispatched, the rest free for the next pass. */
export async function endOutboxClaim(
  sequelize: Sequelize,
  claimedIds: string[],
  dispatchedIds: string[],
): Promise<void> {
  await sequelize.query(
    `UPDATE outbox_events
        SET dispatched_at = CASE WHEN id = ANY($2::bigint[]) THEN now() ELSE dispatched_at END,
            attempts = CASE WHEN id = ANY($2::bigint[]) THEN attempts + 1 ELSE attempts END,
            last_error = CASE WHEN id = ANY($2::bigint[]) THEN NULL ELSE last_error END,
            claimed_until = NULL
      WHERE id = ANY($1::bigint[])`,
    { bind: [claimedIds, dispatchedIds] },
  );
}
