import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/**
 * The session-info invitation (contract shared with the workflow triggers): started by
 * POST /api/sessions/:id/send-session-info-invite and by the SEND_SESSION_INFO_INVITE task
 * through startJobByName. Key: the invite request id, so a retried request sends one email.
 */
export interface SessionInfoInvitePayload extends Record<string, unknown> {
  ownerId: string;
  sessionId: string;
  emailTemplateId?: string | null;
  requestKey: string;
}

export interface SessionInfoInviteResult {
  to: string;
  clientAccountId: string;
  templateId: string | null;
  locale: string;
}

export const SESSION_INFO_INVITE_JOB = defineJob<SessionInfoInvitePayload, string>({
  jobName: 'session-info.invite',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'sessionInfoInviteWorkflow',
  workflowId: (requestKey) => jobId('session-info-invite', requestKey),
  rerun: 'return-existing',
});

export interface SessionInfoInviteActivities {
  sendSessionInfoInvite(input: {
    jobRunId: string;
    payload: SessionInfoInvitePayload;
  }): Promise<SessionInfoInviteResult>;
}

/** Precondition failures no retry can fix (the session, contact or template is not there). */
export const SESSION_INFO_INVITE_NON_RETRYABLE = [
  'not_found',
  'validation_failed',
  'session_info_template_missing',
] as const;
