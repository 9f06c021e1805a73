import { ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import { type LaunchJobInput } from '../workflows/job-run/contract';
import { CLEANUP_SCHEDULES } from '../workflows/cleanup/contract';

/**
 * The three cleanup Schedules (spec: Limits). Each fire runs launchJobWorkflow, which starts the
 * cleanup job through startJob (a job_runs row, the contract's id). The payload is empty: the
 * worker's configuration (EXPORT_RETENTION_HOURS) and the 7-day orphan age apply. Crons are read
 * in UTC, Temporal's default.
 */
export function cleanupSchedules(): ScheduleOptions[] {
  return CLEANUP_SCHEDULES.map(({ scheduleId, cron, contract }) => {
    const input: LaunchJobInput = { jobName: contract.jobName, payload: {} };
    return {
      scheduleId,
      spec: { cronExpressions: [cron] },
      action: {
        type: 'startWorkflow',
        workflowType: 'launchJobWorkflow',
        taskQueue: contract.taskQueue,
        workflowId: scheduleId,
        args: [input],
      },
      // A pass still running at the next fire (a very large bucket) is left to finish alone;
      // a worker down at fire time catches up within the hour, not days later.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
    };
  });
}
