import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMAIN_EVENT_TYPES, INTERNAL_EVENT_TYPES, type OutboxEventType } from '../../../domain/events/domain-event';
import { OUTBOX_PROCESSORS, outboxProcessorFor } from '../../../lib/jobs/outbox-processors';

// The outbox's processors (lib/jobs/outbox-processors/): every event type the code can write is
// handled by exactly one processor, or deliberately by none (it is only offered to the triggers).
const OUTBOX_EVENT_TYPES: readonly OutboxEventType[] = [...DOMAIN_EVENT_TYPES, ...INTERNAL_EVENT_TYPES];

/** The event types only the triggers see: no job or signal of the service's own follows them. */
const TRIGGERS_ONLY: readonly OutboxEventType[] = [
  'SESSION_CREATED',
  'SESSION_STATUS_CHANGED',
  'CONTACT_CREATED',
  'QUOTE_STATUS_CHANGED',
  'FORM_SUBMITTED',
  'SCHEDULED',
  'SESSION_INFO_SUBMITTED',
  'QUOTE_VIEWED',
  'QUOTE_SIGNED',
  'QUOTE_DECLINED',
  'INVOICE_VIEWED',
  'CHECKOUT_STARTED',
  'SESSION_ASSIGNED',
  'BOOKING_CREATED',
  'WAITLIST_OFFERED',
];

const root = path.resolve(__dirname, '../../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : [],
  );

describe('outbox processors', () => {
  it.each(OUTBOX_EVENT_TYPES)('%s is handled by exactly one processor, or deliberately by none', (eventType) => {
    const handlers = OUTBOX_PROCESSORS.filter((p) => p.eventTypes.includes(eventType));
    if (TRIGGERS_ONLY.includes(eventType)) expect(handlers).toEqual([]);
    else {
      expect(handlers).toHaveLength(1);
      expect(outboxProcessorFor(eventType)).toBe(handlers[0]);
    }
  });

  it('names each processor once, by its concern, and declares only event types the outbox carries', () => {
    expect(OUTBOX_PROCESSORS.map((p) => [p.concern, p.eventTypes])).toEqual([
      ['invoicing', ['INVOICE_STATUS_CHANGED']],
      ['payments', ['PAYMENT_RECEIVED']],
      ['sessions', ['SESSION_RESCHEDULED']],
      ['bookings', ['BOOKING_CONFIRMED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED']],
    ]);
    for (const p of OUTBOX_PROCESSORS) for (const t of p.eventTypes) expect(OUTBOX_EVENT_TYPES).toContain(t);
  });

  it('finds no processor for an event type the code does not write (the dispatcher only offers it to triggers)', () => {
    expect(outboxProcessorFor('NO_SUCH_EVENT')).toBeUndefined();
  });

  it('knows every event type a statement of db/ writes to the outbox', () => {
    // The writes that bypass recordDomainEvent (typed by OutboxEventType): INSERT … SELECT 'TYPE', 'ENTITY'.
    const written = sourceFiles('db/commands').flatMap((file) =>
      [
        ...readFileSync(path.join(root, file), 'utf8').matchAll(/INSERT INTO outbox_events[^;]*?SELECT '([A-Z_]+)'/g),
      ].map((m) => m[1]),
    );
    expect(written.length).toBeGreaterThan(0);
    for (const t of written) expect(OUTBOX_EVENT_TYPES).toContain(t);
  });
});
