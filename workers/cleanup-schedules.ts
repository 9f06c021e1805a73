import { ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import { type JobContract, type LaunchJobInput } from '../workflows/job-run/contract';
import { CLEANUP_SCHEDULES } from '../workflows/cleanup/contract';

/**
 * A Schedule that fires launchJobWorkflow for `contract` on a cron (read in UTC, Temporal's
 * default), with an empty payload: the job starts through startJob (a job_runs row, the
 * contract's id). A fire still running at the next is left to finish alone; a worker down at fire
 * time catches up within the hour, not days later.
 */
export function launchJobSchedule(
  scheduleId: string,
  cron: string,
  contract: Pick<JobContract, 'jobName' | 'taskQueue'>,
): ScheduleOptions {
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
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
  };
}

/**
 * The three cleanup Schedules (spec: Limits). The payload is empty: the worker's configuration
 * (EXPORT_RETENTION_HOURS) and the 7-day orphan age apply.
 */
export function cleanupSchedules(): ScheduleOptions[] {
  return CLEANUP_SCHEDULES.map(({ scheduleId, cron, contract }) => launchJobSchedule(scheduleId, cron, contract));
}
