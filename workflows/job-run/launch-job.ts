import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { JobStarterActivities } from './contract';
import { type LaunchJobInput } from './contract';

export type { LaunchJobInput };

const { startJobByName } = proxyActivities<JobStarterActivities>({
  startToCloseTimeout: '1 minute',
  // Temporal being briefly away is the usual reason to fail here: keep trying for a while.
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: 20 },
});

/**
 * Starts a job from the worker side through startJob, so a scheduled job gets its job_runs row,
 * its contract's workflow id and re-run policy like one started by the api. A Schedule's fire
 * has its own workflow id (the schedule id plus the fire time): as the key, a retried or
 * duplicated fire finds the job it already started. Returns the job run id.
 */
export async function launchJobWorkflow(input: LaunchJobInput): Promise<string> {
  const { workflowId } = workflowInfo();
  return startJobByName({
    jobName: input.jobName,
    key: input.key ?? workflowId,
    payload: input.payload,
    requestId: workflowId,
  });
}
