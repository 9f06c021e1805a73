import crypto from 'node:crypto';
import { hashToken } from '../../domain/secret-token';
import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import {
  acceptInvitation,
  createInvitation,
  type Joiner,
  removeMember,
  revokeInvitation,
  switchStudio,
  transferOwnership,
} from '../../db/commands/team';
import { authenticateUser, type PasswordChecks } from '../../db/queries/authenticate-user';
import { findInvitation, findInvitationByTokenHash, type InvitationRow } from '../../db/queries/team';
import { userEmailExists } from '../../db/queries/users';
import { asPlatform } from '../../db/studio-context';
import { NotFoundError } from '../../domain/errors';
import { invitationClosed, invitationExpiry, invitationStatus } from '../../domain/teams/invitations';
import { type MemberRole } from '../../domain/teams/roles';
import { startJob } from '../../lib/jobs/start-job';
import { TEAM_INVITE_JOB } from '../../workflows/teams/contract';

/** Who acts: the person, and the studio they act in. */
export interface TeamActor {
  id: string;
  orgId: string;
}

export interface TeamDeps {
  sequelize: Sequelize;
  temporal: Client;
  /** Forgets what the auth guard keeps of an account, so a change of membership applies at once. */
  forgetUser: (userId: string) => void;
}

/** Sends (or sends again) an invitation's email with a new link, as a job. */
async function sendInvitation(deps: TeamDeps, actor: TeamActor, invitation: InvitationRow, requestId: string) {
  const requestKey = crypto.randomUUID();
  return startJob(
    deps.sequelize,
    deps.temporal,
    TEAM_INVITE_JOB,
    requestKey,
    { invitationId: invitation.id, requestKey },
    { orgId: actor.orgId, userId: actor.id, entityId: invitation.id, requestId },
  );
}

/** Invites `email` to join the studio with `role`, and emails them a link (issue 44 §1). */
export async function inviteMember(
  deps: TeamDeps,
  actor: TeamActor,
  input: { email: string; role: Exclude<MemberRole, 'owner'> },
  requestId: string,
): Promise<{ invitation: InvitationRow; jobRunId: string }> {
  const invitation = await createInvitation(deps.sequelize, actor.orgId, actor.id, {
    ...input,
    expiresAt: invitationExpiry(new Date()),
  });
  const run = await sendInvitation(deps, actor, invitation, requestId);
  return { invitation, jobRunId: run.id };
}

/** Emails a waiting (or expired) invitation again, with a new link; the older one stops working. */
export async function resendInvitation(
  deps: TeamDeps,
  actor: TeamActor,
  id: string,
  requestId: string,
): Promise<{ invitation: InvitationRow; jobRunId: string }> {
  const invitation = await findInvitation(deps.sequelize, actor.orgId, id);
  if (!invitation) throw new NotFoundError('Invitation');
  const status = invitationStatus(invitation, new Date());
  if (status === 'accepted' || status === 'revoked') throw invitationClosed(status);
  const run = await sendInvitation(deps, actor, invitation, requestId);
  return { invitation, jobRunId: run.id };
}

/** Revokes a waiting invitation. */
export function revokeTeamInvitation(deps: TeamDeps, actor: TeamActor, id: string): Promise<void> {
  return revokeInvitation(deps.sequelize, actor.orgId, id, new Date());
}

/**
 * Accepts an invitation by its link's token: an account with the invited address signs in with its
 * password (a wrong one is refused as a failed login is); otherwise one is created with the password
 * given. Answers the account, which now acts in the studio.
 */
export async function acceptTeamInvitation(
  deps: Pick<TeamDeps, 'sequelize' | 'forgetUser'>,
  passwords: PasswordChecks & { hash: (password: string) => Promise<string> },
  input: { token: string; password: string; name?: string | null },
): Promise<{ userId: string; orgId: string; role: MemberRole }> {
  const tokenHash = hashToken(input.token);
  const invitation = await findInvitationByTokenHash(deps.sequelize, tokenHash);
  if (!invitation) throw new NotFoundError('Invitation');
  const status = invitationStatus(invitation, new Date());
  if (status !== 'pending') throw invitationClosed(status);
  let joiner: Joiner;
  if (await userEmailExists(deps.sequelize, invitation.email)) {
    const user = await authenticateUser(deps.sequelize, passwords, {
      email: invitation.email,
      password: input.password,
    });
    joiner = { userId: user.id };
  } else joiner = { create: { passwordHash: await passwords.hash(input.password), name: input.name?.trim() || null } };
  // The invitation is read again, locked, in the transaction: a second acceptance meanwhile finds it used.
  const joined = await acceptInvitation(deps.sequelize, tokenHash, new Date(), joiner);
  deps.forgetUser(joined.userId);
  return joined;
}

/** Removes a member: their sign-in to the studio stops at once; what they made stays the studio's. */
export async function removeTeamMember(deps: TeamDeps, actor: TeamActor, userId: string): Promise<void> {
  // The person's memberships of other studios choose where they act next: the platform reads them
  // (row-level security shows a studio only its own memberships); every statement names the studio.
  await asPlatform(() => removeMember(deps.sequelize, actor.orgId, userId));
  deps.forgetUser(userId);
}

/** Makes another member the owner; the owner becomes an admin. */
export async function transferStudioOwnership(deps: TeamDeps, actor: TeamActor, userId: string): Promise<void> {
  await transferOwnership(deps.sequelize, actor.orgId, userId);
  deps.forgetUser(userId);
  deps.forgetUser(actor.id);
}

/** Makes the person act in another studio they are a member of, from their next request. */
export async function switchTeamStudio(
  deps: Pick<TeamDeps, 'sequelize' | 'forgetUser'>,
  actor: TeamActor,
  orgId: string,
) {
  // The membership of the studio switched to is not the current studio's to see: the platform checks it.
  await asPlatform(() => switchStudio(deps.sequelize, actor.id, orgId));
  deps.forgetUser(actor.id);
}
