import { type DomainEntityType, type DomainEventType } from '../events/domain-event';

const CONTACT_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'street',
  'city',
  'zipcode',
  'country',
  'contact_type',
  'locale',
  'created_at',
] as const;
/** A booking as its events carry it (`booking.*`): what a condition on a booking reads. */
export const BOOKING_FIELDS = [
  'id',
  'status',
  'start',
  'end',
  'session_type_id',
  'session_type_name',
  'member_id',
  'member_name',
  'client_time_zone',
  'deposit_minor',
] as const;
const prefixed = (relation: string, fields: readonly string[]) => fields.map((f) => `${relation}.${f}`);

/**
 * The fields a trigger condition may read, per entity (spec: "Accessible fields"), dot notation
 * for relations. The activity that loads the entity for evaluation loads exactly these relations.
 */
export const CONDITION_FIELDS: Record<DomainEntityType, readonly string[]> = {
  SESSION: [
    'id',
    'title',
    'status',
    'start_date',
    'end_date',
    'location',
    'notes',
    'contact_id',
    'user_session_type_id',
    'workflow_id',
    'session_info_template_id',
    'created_at',
    ...prefixed('contact', CONTACT_FIELDS),
    ...prefixed('user_session_type', ['id', 'name', 'duration_minutes', 'price', 'business_key']),
    // The attached session contacts (domain/sessions/session-people.ts): how many, and their roles, names, emails as text.
    ...prefixed('session_contacts', ['count', 'roles', 'names', 'emails']),
  ],
  CONTACT: CONTACT_FIELDS,
  QUOTE: [
    'id',
    'title',
    'amount',
    'status',
    'valid_until',
    'session_id',
    'contact_id',
    'created_at',
    'viewed_at',
    'signed_at',
    'declined_at',
    ...prefixed('contact', CONTACT_FIELDS),
    ...prefixed('session', ['id', 'title', 'status', 'start_date', 'location']),
  ],
  INVOICE: [
    'id',
    'title',
    'amount',
    'status',
    'number',
    'issued_at',
    'payment_status',
    'amount_paid',
    'credited',
    'balance_due',
    'is_overdue',
    'overdue_at',
    'due_date',
    'paid_at',
    'session_id',
    'quote_id',
    'contact_id',
    'created_at',
    'viewed_at',
    'checkout_started_at',
    ...prefixed('contact', CONTACT_FIELDS),
    ...prefixed('session', ['id', 'title', 'status', 'start_date', 'location']),
  ],
};

/**
 * Fields an event adds to its entity's, read from the event itself rather than the entity: the
 * answers of the public contact form (docs/contact-form.md), as `form.<answer>`.
 */
export const EVENT_FIELDS: Partial<Record<DomainEventType, readonly string[]>> = {
  FORM_SUBMITTED: prefixed('form', ['first_name', 'last_name', 'email', 'phone_number', 'message', 'created_contact']),
  // The e-invoicing platform's lifecycle status (Déposée, Rejetée, Approuvée, Encaissée...; docs/e-invoicing.md).
  INVOICE_STATUS_CHANGED: ['platform_status', 'platform_status_reason'],
  // The member put on the session and their role on it (lead, second_shooter, assistant; docs/teams.md).
  SESSION_ASSIGNED: prefixed('assigned', ['user_id', 'role', 'name', 'email']),
  // The booking (docs/booking.md): its session type, member, time and status.
  BOOKING_CREATED: prefixed('booking', BOOKING_FIELDS),
  BOOKING_CONFIRMED: prefixed('booking', BOOKING_FIELDS),
  BOOKING_RESCHEDULED: prefixed('booking', BOOKING_FIELDS),
  BOOKING_CANCELLED: prefixed('booking', BOOKING_FIELDS),
  // The day and the client offered its freed spot (docs/booking.md, "Mini sessions").
  WAITLIST_OFFERED: prefixed('waitlist', [
    'event_id',
    'event_name',
    'day',
    'session_type_id',
    'session_type_name',
    'email',
    'name',
  ]),
};

/** Every field a condition of a trigger on `event` may read (none for an event not evaluated yet). */
export function conditionFieldsOf(event: DomainEventType): readonly string[] {
  const entity = EVENT_ENTITY[event];
  return entity ? [...CONDITION_FIELDS[entity], ...(EVENT_FIELDS[event] ?? [])] : [];
}

/** The entity each trigger event is about (spec: Workflow trigger events and their sources); null: not evaluated yet. */
export const EVENT_ENTITY: Record<DomainEventType, DomainEntityType | null> = {
  SESSION_CREATED: 'SESSION',
  SESSION_STATUS_CHANGED: 'SESSION',
  SESSION_INFO_SUBMITTED: 'SESSION',
  CONTACT_CREATED: 'CONTACT',
  QUOTE_STATUS_CHANGED: 'QUOTE',
  INVOICE_STATUS_CHANGED: 'INVOICE',
  PAYMENT_RECEIVED: 'INVOICE',
  // The contact the public contact form matched or created (docs/contact-form.md).
  FORM_SUBMITTED: 'CONTACT',
  SCHEDULED: null,
  // The client's steps in the portal (docs/client-portal.md).
  QUOTE_VIEWED: 'QUOTE',
  QUOTE_SIGNED: 'QUOTE',
  QUOTE_DECLINED: 'QUOTE',
  INVOICE_VIEWED: 'INVOICE',
  CHECKOUT_STARTED: 'INVOICE',
  SESSION_ASSIGNED: 'SESSION',
  // The client's contact, matched or created as they book (even a hold never paid: a lead to follow).
  BOOKING_CREATED: 'CONTACT',
  // The session the booking made: its workflows can time tasks on the shoot (a reminder two days before).
  BOOKING_CONFIRMED: 'SESSION',
  BOOKING_RESCHEDULED: 'SESSION',
  BOOKING_CANCELLED: 'CONTACT',
  WAITLIST_OFFERED: 'CONTACT',
};
