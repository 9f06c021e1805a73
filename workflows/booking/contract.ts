import { type BookingNews } from '../../domain/booking/booking-email';
import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/** A booking's email to its client (issue 45 §3): its news, and when it happened (the invitation's SEQUENCE). */
export interface BookingEmailPayload extends Record<string, unknown> {
  ownerId: string;
  bookingId: string;
  news: BookingNews;
  /** When the booking event was recorded (ISO): later news carries a higher SEQUENCE. */
  eventAt: string;
}

export interface BookingEmailResult {
  to: string;
  sent: boolean;
}

/**
 * The client's email with its calendar invitation (.ics: METHOD REQUEST, or CANCEL), started by the
 * outbox's relay for BOOKING_CONFIRMED, BOOKING_RESCHEDULED and BOOKING_CANCELLED. Key: the event,
 * so a redelivered event sends one email; SMTP hiccups are retried.
 */
export const BOOKING_EMAIL_JOB = defineJob<BookingEmailPayload>({
  jobName: 'booking.email',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'bookingEmailWorkflow',
  workflowId: (eventId) => jobId('booking-email', eventId),
  rerun: 'return-existing',
});

export interface BookingEmailActivities {
  sendBookingEmail(input: { jobRunId: string; payload: BookingEmailPayload }): Promise<BookingEmailResult>;
}
