import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  type FiringPage,
  type FiringSummary,
  type ScheduledTriggerActivities,
  type ScheduledTriggerPayload,
} from './contract';

// A page is idempotent (executions unique per trigger, entity and firing; session workflow jobs by session and workflow).
const { runScheduledTriggerPage } = proxyActivities<ScheduledTriggerActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/**
 * One firing of a SCHEDULED trigger (the job-run interceptor keeps job_runs): pages through the
 * owner's entities of the trigger's type, each page evaluated and recorded by one activity, so a
 * studio with many sessions is many short activities rather than one long one.
 */
export async function runScheduledTriggerWorkflow(input: JobInput<ScheduledTriggerPayload>): Promise<FiringSummary> {
  const summary: FiringSummary = {
    triggerId: input.payload.triggerId,
    entityType: 'unknown',
    entities: 0,
    applied: 0,
    skipped: 0,
    failed: 0,
  };
  let afterId: string | null = null;
  do {
    const page: FiringPage = await runScheduledTriggerPage({
      jobRunId: input.jobRunId,
      triggerId: input.payload.triggerId,
      afterId,
    });
    if (page.note) return { ...summary, note: page.note };
    summary.entityType = page.entityType ?? summary.entityType;
    summary.entities += page.entities;
    summary.applied += page.applied;
    summary.skipped += page.skipped;
    summary.failed += page.failed;
    afterId = page.next;
  } while (afterId);
  return summary;
}
