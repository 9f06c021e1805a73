import { z } from 'zod';
import { MEMBER_ROLES } from '../../domain/teams/roles';

const Email = z
  .string()
  .trim()
  .max(255)
  .pipe(z.email({ message: 'must be a valid email address' }));

/** The roles an invitation may give: the owner is made by a transfer, never invited. */
const InvitedRole = z.enum(
  MEMBER_ROLES.filter((r) => r !== 'owner') as ['admin', 'photographer', 'assistant', 'bookkeeper'],
);

export const MemberView = z
  .object({
    user_id: z.uuid(),
    name: z.string().nullable(),
    email: z.string(),
    role: z.enum(MEMBER_ROLES),
    joined_at: z.string(),
  })
  .openapi('TeamMember');

export const InvitationView = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: InvitedRole,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invited_by: z.uuid().nullable(),
    sent_at: z.string().nullable(),
    expires_at: z.string(),
    accepted_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('TeamInvitation');

export const InviteBody = z.object({ email: Email, role: InvitedRole }).strict();

export const SentInvitationView = z.object({ invitation: InvitationView, jobRunId: z.uuid() });

export const MemberParams = z.object({ userId: z.uuid({ message: 'must be a uuid' }) });

export const TransferBody = z.object({ user_id: z.uuid({ message: 'must be a uuid' }) }).strict();

export const AcceptBody = z
  .object({
    token: z.string().min(20).max(200),
    // An account with the invited address signs in with it; a new one is created with it.
    password: z.string().min(10, 'must be at least 10 characters').max(256),
    name: z.string().trim().min(1).max(255).optional(),
  })
  .strict();

export const StudioOfMemberView = z
  .object({ org_id: z.uuid(), name: z.string(), role: z.enum(MEMBER_ROLES), current: z.boolean() })
  .openapi('StudioOfMember');

export const SwitchStudioBody = z.object({ org_id: z.uuid({ message: 'must be a uuid' }) }).strict();
