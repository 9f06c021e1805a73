import { type InvitationRow, type MemberRow } from '../../db/queries/team';
import { invitationStatus } from '../../domain/teams/invitations';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentMember = (m: MemberRow) => ({
  user_id: m.user_id,
  name: m.name,
  email: m.email,
  role: m.role,
  joined_at: m.joined_at.toISOString(),
});

export const presentInvitation = (i: InvitationRow, now = new Date()) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  status: invitationStatus(i, now),
  invited_by: i.invited_by,
  sent_at: iso(i.sent_at),
  expires_at: i.expires_at.toISOString(),
  accepted_at: iso(i.accepted_at),
  revoked_at: iso(i.revoked_at),
  created_at: i.created_at.toISOString(),
});
