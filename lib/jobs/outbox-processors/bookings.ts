import { type OutboxEventRow } from '../../../db/commands/outbox-events';
import { type BookingNews } from '../../../domain/booking/booking-email';
import { BOOKING_EMAIL_JOB } from '../../../workflows/booking/contract';
import { CALENDAR_COPY_JOB } from '../../../workflows/calendar/contract';
import { startJobs } from '../start-jobs';
import { eventJobMeta, type OutboxProcessor, type StartFailure } from './processor';

/** The booking an event is about (its payload's `booking.id`), or null. */
const bookingIdOf = (e: OutboxEventRow): string | null => {
  const booking = e.payload.booking as { id?: unknown } | undefined;
  return typeof booking?.id === 'string' ? booking.id : null;
};

const NEWS: Record<string, BookingNews> = {
  BOOKING_CONFIRMED: 'confirmed',
  BOOKING_RESCHEDULED: 'rescheduled',
  BOOKING_CANCELLED: 'cancelled',
};

/**
 * A booking confirmed, moved or cancelled (issue 45 §3) starts two jobs, each keyed by the event (a
 * redelivered event meets the same jobs): the one that makes its member's CalDAV calendars show it
 * as it is now, and the client's email with its calendar invitation. Their triggers are evaluated
 * as every event's are.
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
    const emails = await startJobs(
      sequelize,
      temporal,
      BOOKING_EMAIL_JOB,
      copies.map((e) => ({
        key: e.id,
        payload: {
          ownerId: e.owner_id,
          bookingId: bookingIdOf(e)!,
          news: NEWS[e.event_type],
          eventAt: e.created_at.toISOString(),
        },
        meta: eventJobMeta(e),
      })),
      { concurrency: startConcurrency },
    );
    const failed = (what: string, outcomes: typeof starts) =>
      outcomes.flatMap((start, i): StartFailure[] =>
        start.outcome === 'failed' ? [[copies[i].id, `${what} could not be started (${start.error.message})`]] : [],
      );
    return [...failed("The booking's calendar copy", starts), ...failed("The booking's email", emails)];
  },
};
