import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type ScheduleChangedActivities, type ScheduleChangedPayload } from './contract';

const { notifyPaymentScheduleChanged } = proxyActivities<ScheduleChangedActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** The notices of a session's move to the clients whose payment schedules follow it (docs/invoicing.md). */
export async function paymentScheduleChangedWorkflow(
  input: JobInput<ScheduleChangedPayload>,
): Promise<{ sent: number }> {
  return notifyPaymentScheduleChanged({ jobRunId: input.jobRunId, payload: input.payload });
}
