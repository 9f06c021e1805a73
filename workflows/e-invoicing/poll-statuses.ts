import { proxyActivities } from '@temporalio/workflow';
import { type PlatformStatusPollActivities } from './contract';

const { pollPlatformStatuses } = proxyActivities<PlatformStatusPollActivities>({
  startToCloseTimeout: '5 minutes',
  // The next scheduled pass retries anyway; a few attempts cover a blip.
  retry: { initialInterval: '5 seconds', maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/** One pass reading new lifecycle statuses from every studio's platform (a Temporal Schedule starts it). */
export async function pollPlatformStatusesWorkflow(): Promise<{ studios: number; statuses: number }> {
  return pollPlatformStatuses();
}
