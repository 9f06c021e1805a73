import { patched, workflowInfo } from '@temporalio/workflow';
import { JOB_CONTRACTS } from '../contracts';
import { LOCAL_ACTIVITIES_PATCH } from './contract';

const LOCAL_JOB_WORKFLOWS = new Set(JOB_CONTRACTS.filter((c) => c.activities === 'local').map((c) => c.workflowType));

/**
 * Whether the running job's activities are local ones: its contract says `activities: 'local'`,
 * and the run did not start before that change (patched: such a run replays with the activity
 * tasks its history has). Workflow code only; the same answer every time within a run.
 */
export function runsActivitiesLocally(): boolean {
  return LOCAL_JOB_WORKFLOWS.has(workflowInfo().workflowType) && patched(LOCAL_ACTIVITIES_PATCH);
}
