import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type BookingEmailActivities, type BookingEmailPayload, type BookingEmailResult } from './contract';

// SMTP hiccups are retried; a booking gone is not (the activity answers, sent: false).
const { sendBookingEmail } = proxyActivities<BookingEmailActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', maximumAttempts: 10 },
});

/** One email to the client per booking event. */
export async function bookingEmailWorkflow(input: JobInput<BookingEmailPayload>): Promise<BookingEmailResult> {
  return sendBookingEmail({ jobRunId: input.jobRunId, payload: input.payload });
}
