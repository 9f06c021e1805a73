import { ConflictError } from '../errors';

/** How long an invitation's link works after it is sent (or sent again). */
export const INVITATION_TTL_DAYS = 7;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** Where an invitation stands at `now`: accepted and revoked are for good; a waiting one expires. */
export function invitationStatus(
  invitation: { accepted_at: Date | null; revoked_at: Date | null; expires_at: Date },
  now: Date,
): InvitationStatus {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  return invitation.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** When a link sent at `sentAt` stops working. */
export const invitationExpiry = (sentAt: Date) => new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 86_400_000);

/** Why an invitation that is not waiting refuses what was asked of it (409 `invitation_closed`, with its status). */
export const invitationClosed = (status: Exclude<InvitationStatus, 'pending'>) =>
  new ConflictError('invitation_closed', `This invitation is ${status}`, { status });
