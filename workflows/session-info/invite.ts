import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import {
  SESSION_INFO_INVITE_NON_RETRYABLE,
  type SessionInfoInviteActivities,
  type SessionInfoInvitePayload,
  type SessionInfoInviteResult,
} from './contract';

// SMTP hiccups are retried; a missing session, contact or template is not.
const { sendSessionInfoInvite } = proxyActivities<SessionInfoInviteActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    maximumInterval: '1 minute',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [...SESSION_INFO_INVITE_NON_RETRYABLE],
  },
});

/** One invitation email per invite request (the workflow id is the request's key). */
export async function sessionInfoInviteWorkflow(
  input: JobInput<SessionInfoInvitePayload>,
): Promise<SessionInfoInviteResult> {
  return sendSessionInfoInvite({ jobRunId: input.jobRunId, payload: input.payload });
}
