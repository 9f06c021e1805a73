import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  TEAM_INVITE_NON_RETRYABLE,
  type TeamInviteActivities,
  type TeamInvitePayload,
  type TeamInviteResult,
} from './contract';

// SMTP hiccups are retried; an invitation revoked or accepted meanwhile is not.
const { sendTeamInvite } = proxyActivities<TeamInviteActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    maximumInterval: '1 minute',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...TEAM_INVITE_NON_RETRYABLE],
  },
});

/** One invitation email per request (the workflow id is the request's key). */
export async function teamInviteWorkflow(input: JobInput<TeamInvitePayload>): Promise<TeamInviteResult> {
  return sendTeamInvite({ jobRunId: input.jobRunId, payload: input.payload });
}
