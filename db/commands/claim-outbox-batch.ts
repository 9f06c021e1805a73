import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type OutboxEventRow } from './outbox-events';

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
      RETURNING e.id::text, e.event_type, e.entity_type, e.owner_id, e.entity_id, e.payload, e.request_id, e.created_at,
        EXISTS (SELECT 1 FROM workflow_triggers t WHERE t.owner_id = e.owner_id AND t.trigger_event = e.event_type AND t.is_active) AS has_trigger`,
    { bind: [batchSize, CLAIM_SECONDS], type: QueryTypes.SELECT },
  );
  return claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}
