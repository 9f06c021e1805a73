/**
 * The client's steps the studio app is told of over Socket.IO as they happen (issue 31 §5): the
 * portal's own events, a quote's or invoice's status that moved, and a payment received. One
 * event name, `client.activity`, carrying what happened to which document and when.
 */
export const STUDIO_ACTIVITY_EVENT = 'client.activity';

const ANNOUNCED = new Set([
  'QUOTE_VIEWED',
  'QUOTE_SIGNED',
  'QUOTE_DECLINED',
  'INVOICE_VIEWED',
  'CHECKOUT_STARTED',
  'PAYMENT_RECEIVED',
]);

export interface StudioActivity {
  event: string;
  entity_type: string;
  entity_id: string;
  occurred_at: string;
}

/** What the studio app is sent for an outbox event, or null for an event it is not told of this way. */
export function studioActivityOf(event: {
  event_type: string;
  entity_type: string;
  entity_id: string;
  created_at: Date | string;
}): StudioActivity | null {
  if (!ANNOUNCED.has(event.event_type)) return null;
  return {
    event: event.event_type,
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    occurred_at: new Date(event.created_at).toISOString(),
  };
}
