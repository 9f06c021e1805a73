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
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

export const DOMAIN_ENTITY_TYPES = ['SESSION', 'CONTACT', 'QUOTE', 'INVOICE'] as const;
export type DomainEntityType = (typeof DOMAIN_ENTITY_TYPES)[number];

/** What the outbox records about a change; the payload carries what trigger conditions read. */
export interface DomainEvent {
  eventType: DomainEventType;
  entityType: DomainEntityType;
  entityId: string;
  ownerId: string;
  payload: Record<string, unknown>;
  requestId?: string;
}
