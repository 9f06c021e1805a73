import { workflowInfo } from '@temporalio/workflow';
import { JOB_CONTRACTS, SINGLE_LOCAL_JOB_WORKFLOWS } from '../contracts';

/**
 * Job workflow types that ran with local activities under an earlier contract and are kept for
 * their runs in flight and for replays of their job runs: their bookkeeping stays local.
 */
const EARLIER_LOCAL_JOB_WORKFLOWS = ['evaluateEventTriggersWorkflow'];

/** Workflow types whose bookkeeping runs as separate local activities. */
const LOCAL_JOB_WORKFLOWS = new Set([
  ...JOB_CONTRACTS.filter((c) => c.activities === 'local').map((c) => c.workflowType),
  ...EARLIER_LOCAL_JOB_WORKFLOWS,
]);

/**
 * How the running job's bookkeeping runs, from its contract's `activities` (workflow code only):
 * `local` as local activities around the body, `single-local` inside the body's one local
 * activity (only a failure is recorded from here), otherwise as activity tasks.
 */
export function jobBookkeepingMode(): 'local' | 'single-local' | 'tasks' {
  const type = workflowInfo().workflowType;
  if (SINGLE_LOCAL_JOB_WORKFLOWS.has(type)) return 'single-local';
  return LOCAL_JOB_WORKFLOWS.has(type) ? 'local' : 'tasks';
}
