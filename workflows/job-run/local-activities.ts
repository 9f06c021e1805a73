import { workflowInfo } from '@temporalio/workflow';
import { JOB_CONTRACTS } from '../contracts';

const LOCAL_JOB_WORKFLOWS = new Set(JOB_CONTRACTS.filter((c) => c.activities === 'local').map((c) => c.workflowType));

/** Whether the running job's contract says `activities: 'local'` (its bookkeeping then runs locally too). Workflow code only. */
export function runsActivitiesLocally(): boolean {
  return LOCAL_JOB_WORKFLOWS.has(workflowInfo().workflowType);
}
