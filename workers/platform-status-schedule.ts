import { ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import { POLL_PLATFORM_STATUSES } from '../workflows/e-invoicing/contract';

/** The schedule of the platform status poll, every `seconds` (PA_POLL_SECONDS). */
export function platformStatusSchedule(seconds: number): ScheduleOptions {
  return {
    scheduleId: POLL_PLATFORM_STATUSES.scheduleId,
    spec: { intervals: [{ every: `${seconds} seconds` }] },
    action: {
      type: 'startWorkflow',
      workflowType: POLL_PLATFORM_STATUSES.workflowType,
      taskQueue: POLL_PLATFORM_STATUSES.taskQueue,
      workflowId: POLL_PLATFORM_STATUSES.workflowIdPrefix,
      args: [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute' },
  };
}
