import { type OutboxEventRow } from '../../../db/commands/outbox-events';
import { CALENDAR_COPY_JOB } from '../../../workflows/calendar/contract';
import { startJobs } from '../start-jobs';
import { eventJobMeta, type OutboxProcessor, type StartFailure } from './processor';

/** The booking an event is about (its payload's `booking.id`), or null. */
const bookingIdOf = (e: OutboxEventRow): string | null => {
  const booking = e.payload.booking as { id?: unknown } | undefined;
  return typeof booking?.id === 'string' ? booking.id : null;
};

/**
 * A booking confirmed, moved or cancelled (issue 45 §3) starts the job that makes its member's
 * CalDAV calendars show it as it is now, keyed by the event (a redelivered event meets the same
 * job). Their triggers are evaluated as every event's are.
 */
export const bookingsProcessor: OutboxProcessor = {
  concern: 'bookings',
  eventTypes: ['BOOKING_CONFIRMED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED'],
  async start({ sequelize, temporal, startConcurrency }, events) {
    const copies = events.filter((e) => bookingIdOf(e) !== null);
    const starts = await startJobs(
      sequelize,
      temporal,
      CALENDAR_COPY_JOB,
      copies.map((e) => ({
        key: e.id,
        payload: { ownerId: e.owner_id, bookingId: bookingIdOf(e)! },
        meta: eventJobMeta(e),
      })),
      { concurrency: startConcurrency },
    );
    return starts.flatMap((start, i): StartFailure[] =>
      start.outcome === 'failed'
        ? [[copies[i].id, `The booking's calendar copy could not be started (${start.error.message})`]]
        : [],
    );
  },
};
