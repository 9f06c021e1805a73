/** An undispatched outbox event, and whether its owner has an active trigger waiting for it. */
export interface OutboxEventRow {
  id: string;
  event_type: string;
  entity_type: string;
  owner_id: string;
  entity_id: string;
  payload: Record<string, unknown>;
  request_id: string | null;
  created_at: Date;
  has_trigger: boolean;
}

/** One claimed batch of the outbox, with the statements its dispatch may run (built by workers/outbox-relay.ts). */
export interface OutboxBatch {
  events: OutboxEventRow[];
  /** Counts a failed attempt on an event that stays in the outbox (retried on the next pass). */
  markUndispatched(eventId: string, message: string): Promise<void>;
  /** The session workflows of a session that still have tasks waiting (SESSION_RESCHEDULED's addressees). */
  pendingSessionAutomationIds(sessionId: string): Promise<string[]>;
}
