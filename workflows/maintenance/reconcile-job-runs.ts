import { proxyActivities } from '@temporalio/workflow';
import type { ReconcileActivities } from './contract';
import { type ReconcileJobRunsInput, type ReconcileSummary } from './contract';

const { reconcileJobRuns } = proxyActivities<ReconcileActivities>({
  // One pass asks Temporal about at most a few hundred workflows.
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/**
 * Finds job runs left RUNNING whose workflow never started or has already closed (a crash
 * between the row and the start, a Temporal outage, a terminated workflow) and sets them to
 * what Temporal says. See docs/jobs.md.
 */
export async function reconcileJobRunsWorkflow(input: ReconcileJobRunsInput): Promise<ReconcileSummary> {
  return reconcileJobRuns(input);
}
