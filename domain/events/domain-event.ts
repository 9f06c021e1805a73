/** Trigger events (spec: Workflow trigger events and their sources). */
export const DOMAIN_EVENT_TYPES = [
  'SESSION_CREATED',
  'SESSION_STATUS_CHANGED',
  'CONTACT_CREATED',
  'QUOTE_STATUS_CHANGED',
  'INVOICE_STATUS_CHANGED',
  'PAYMENT_RECEIVED',
  'FORM_SUBMITTED',
  'SCHEDULED',
  'SESSION_INFO_SUBMITTED',
  // The client's steps in the portal (issue 31 §5).
  'QUOTE_VIEWED',
  'QUOTE_SIGNED',
  'QUOTE_DECLINED',
  'INVOICE_VIEWED',
  'CHECKOUT_STARTED',
  // A member put on a session, or in a new role on it (issue 44 §2).
  'SESSION_ASSIGNED',
  // A client's booking (issue 45 §4): made (a hold or a request), confirmed (its session made), cancelled or declined.
  'BOOKING_CREATED',
  'BOOKING_CONFIRMED',
  'BOOKING_RESCHEDULED',
  'BOOKING_CANCELLED',
  // A spot of a full mini-session day freed, offered to the next client on its waitlist (issue 45 §1).
  'WAITLIST_OFFERED',
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

export const DOMAIN_ENTITY_TYPES = ['SESSION', 'CONTACT', 'QUOTE', 'INVOICE'] as const;
export type DomainEntityType = (typeof DOMAIN_ENTITY_TYPES)[number];

/**
 * Events the outbox carries for the service itself, never offered to triggers: SESSION_RESCHEDULED
 * takes a session's new start date to the session workflows timed on it (workers/outbox-relay.ts).
 */
export const INTERNAL_EVENT_TYPES = ['SESSION_RESCHEDULED'] as const;
export type OutboxEventType = DomainEventType | (typeof INTERNAL_EVENT_TYPES)[number];

/** What the outbox records about a change; the payload carries what trigger conditions read. */
export interface DomainEvent {
  eventType: OutboxEventType;
  entityType: DomainEntityType;
  entityId: string;
  ownerId: string;
  payload: Record<string, unknown>;
  requestId?: string;
}
