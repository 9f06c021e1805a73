import { bookingsProcessor } from './bookings';
import { invoicingProcessor } from './invoicing';
import { type OutboxProcessor } from './processor';
import { paymentsProcessor } from './payments';
import { sessionsProcessor } from './sessions';

/**
 * Every outbox processor, in the order their jobs start within a pass. A new concern adds its
 * module here; an event type no processor declares is only offered to the triggers
 * (lib/jobs/outbox-dispatch.ts). test/unit/jobs/outbox-processors.test.ts keeps each event type to
 * one processor at most.
 */
export const OUTBOX_PROCESSORS: readonly OutboxProcessor[] = [
  invoicingProcessor,
  paymentsProcessor,
  sessionsProcessor,
  bookingsProcessor,
];

const byEventType = new Map<string, OutboxProcessor>(
  OUTBOX_PROCESSORS.flatMap((p) => p.eventTypes.map((t) => [t, p] as const)),
);

/** The processor of an event type, if any. */
export function outboxProcessorFor(eventType: string): OutboxProcessor | undefined {
  return byEventType.get(eventType);
}
