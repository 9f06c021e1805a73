import { ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import { POLL_PLATFORM_STATUSES, RECEIVE_PURCHASE_INVOICES } from '../workflows/e-invoicing/contract';

/** A pass of reading from the studios' platforms every `seconds` (PA_POLL_SECONDS), never two at once. */
function platformPassSchedule(
  pass: { scheduleId: string; taskQueue: string; workflowType: string; workflowIdPrefix: string },
  seconds: number,
): ScheduleOptions {
  return {
    scheduleId: pass.scheduleId,
    spec: { intervals: [{ every: `${seconds} seconds` }] },
    action: {
      type: 'startWorkflow',
      workflowType: pass.workflowType,
      taskQueue: pass.taskQueue,
      workflowId: pass.workflowIdPrefix,
      args: [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
  };
}

/** The schedule of the platform status poll (issue 32 §2). */
export const platformStatusSchedule = (seconds: number): ScheduleOptions =>
  platformPassSchedule(POLL_PLATFORM_STATUSES, seconds);

/** The schedule of the purchase invoices' inbox (issue 32 §3). */
export const purchaseInvoiceInboxSchedule = (seconds: number): ScheduleOptions =>
  platformPassSchedule(RECEIVE_PURCHASE_INVOICES, seconds);
