/**
 * A lifecycle status of a document on the studio's e-invoicing platform (issue 32 §2), as the
 * studio app is told over Socket.IO: one event name beside the client's steps (`client.activity`),
 * carrying the invoice, the platform's status and its reason.
 */
export const PLATFORM_STATUS_EVENT = 'e-invoicing.status';

export interface PlatformStatusActivity {
  entity_type: string;
  entity_id: string;
  platform_status: string;
  platform_status_reason: string | null;
  occurred_at: string;
}

/** What the studio app is sent for an outbox event, or null when the event is not a platform status. */
export function platformStatusActivityOf(event: {
  event_type: string;
  entity_type: string;
  entity_id: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
}): PlatformStatusActivity | null {
  const status = event.payload.platform_status;
  if (event.event_type !== 'INVOICE_STATUS_CHANGED' || typeof status !== 'string') return null;
  const reason = event.payload.platform_status_reason;
  return {
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    platform_status: status,
    platform_status_reason: typeof reason === 'string' ? reason : null,
    occurred_at: new Date(event.created_at).toISOString(),
  };
}
