import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

/**
 * The email inviting someone to join a studio (issue 44 §1), sent by POST /api/team/invitations and
 * .../resend. Each send gives the invitation a new link (its token made and hashed in the activity,
 * so no secret sits in the job's payload); the older link stops working. Key: the request.
 */
export interface TeamInvitePayload extends Record<string, unknown> {
  invitationId: string;
  requestKey: string;
}

export interface TeamInviteResult {
  to: string;
  expiresAt: string;
}

export const TEAM_INVITE_JOB = defineJob<TeamInvitePayload, string>({
  jobName: 'team.invite',
  taskQueue: TASK_QUEUES.notifications,
  workflowType: 'teamInviteWorkflow',
  workflowId: (requestKey) => jobId('team-invite', requestKey),
  rerun: 'return-existing',
});

export interface TeamInviteActivities {
  sendTeamInvite(input: { jobRunId: string; payload: TeamInvitePayload }): Promise<TeamInviteResult>;
}

/** An invitation gone or closed: no retry sends it. */
export const TEAM_INVITE_NON_RETRYABLE = ['not_found', 'invitation_closed'] as const;
