import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { invitationClosed, invitationStatus } from '../../domain/teams/invitations';
import { type MemberRole } from '../../domain/teams/roles';
import { findMember, INVITATION_COLUMNS, type InvitationRow } from '../queries/team';
import { selectRows as rows } from '../select-rows';

/**
 * The channel on which a change of someone's membership is told to every api process at commit
 * (api/auth/membership-changes.ts): their guards forget the account, so a removed member's next
 * request is refused at once, whichever process it reaches.
 */
export const MEMBERSHIP_CHANNEL = 'membership_changed';

const tellMembershipChanged = (sequelize: Sequelize, userIds: string[], transaction: Transaction) =>
  rows(
    sequelize,
    `SELECT pg_notify('${MEMBERSHIP_CHANNEL}', id::text) FROM unnest($1::uuid[]) AS id`,
    [userIds],
    transaction,
  );

/**
 * A new invitation of `email` to the studio with `role`, not yet sent (the email job sets its link).
 * A member with that address is `already_member`; a waiting invitation is `invitation_pending`
 * (resend it instead); an expired one is closed first.
 */
export function createInvitation(
  sequelize: Sequelize,
  orgId: string,
  invitedBy: string,
  input: { email: string; role: Exclude<MemberRole, 'owner'>; expiresAt: Date },
): Promise<InvitationRow> {
  const email = input.email.trim();
  return sequelize.transaction(async (transaction) => {
    const [member] = await rows<{ user_id: string }>(
      sequelize,
      `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1 AND lower(u.email) = lower($2)`,
      [orgId, email],
      transaction,
    );
    if (member) throw new ConflictError('already_member', 'This address is already a member of the studio');
    await rows(
      sequelize,
      `UPDATE team_invitations SET revoked_at = now(), updated_at = now()
        WHERE org_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at <= now()
        RETURNING id`,
      [orgId, email],
      transaction,
    );
    const [waiting] = await rows<{ id: string }>(
      sequelize,
      `SELECT id FROM team_invitations WHERE org_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
      [orgId, email],
      transaction,
    );
    if (waiting)
      throw new ConflictError('invitation_pending', 'An invitation to this address is waiting; resend it instead', {
        id: waiting.id,
      });
    const [created] = await rows<InvitationRow>(
      sequelize,
      `INSERT INTO team_invitations (org_id, email, role, invited_by, expires_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${INVITATION_COLUMNS}`,
      [orgId, email, input.role, invitedBy, input.expiresAt],
      transaction,
    );
    return created;
  });
}

/**
 * Gives a waiting (or expired) invitation a new link: its hash, when it was sent and until when it
 * works. The older link stops working. An accepted or revoked invitation is `invitation_closed`.
 */
export async function setInvitationLink(
  sequelize: Sequelize,
  id: string,
  link: { tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  const [updated] = await rows<{ id: string }>(
    sequelize,
    `UPDATE team_invitations SET token_hash = $2, sent_at = $3, expires_at = $4, updated_at = now()
      WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
    [id, link.tokenHash, link.sentAt, link.expiresAt],
  );
  if (!updated) throw new ConflictError('invitation_closed', 'This invitation is accepted or revoked');
}

/** Revokes one of the studio's waiting invitations: its link joins no one. */
export async function revokeInvitation(sequelize: Sequelize, orgId: string, id: string, now: Date): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const [row] = await rows<InvitationRow>(
      sequelize,
      `SELECT ${INVITATION_COLUMNS} FROM team_invitations WHERE org_id = $1 AND id = $2 FOR UPDATE`,
      [orgId, id],
      transaction,
    );
    if (!row) throw new NotFoundError('Invitation');
    const status = invitationStatus(row, now);
    if (status === 'accepted' || status === 'revoked') throw invitationClosed(status);
    await rows(
      sequelize,
      'UPDATE team_invitations SET revoked_at = now(), updated_at = now() WHERE id = $1 RETURNING id',
      [id],
      transaction,
    );
  });
}

/** Who accepts an invitation: an account that exists (its password checked) or one to create. */
export type Joiner = { userId: string } | { create: { passwordHash: string; name: string | null } };

/**
 * Accepts the invitation whose link's hash is `tokenHash`, once: the account (`joiner`, found and
 * checked by the caller from the invitation's address, or created here) becomes a member with the
 * invitation's role and acts in the studio from now on. Unknown link: not found; used, revoked or
 * expired: `invitation_closed`.
 */
export function acceptInvitation(
  sequelize: Sequelize,
  tokenHash: string,
  now: Date,
  joiner: Joiner,
): Promise<{ userId: string; orgId: string; role: MemberRole }> {
  return sequelize.transaction(async (transaction) => {
    const [invitation] = await rows<InvitationRow>(
      sequelize,
      `SELECT ${INVITATION_COLUMNS} FROM team_invitations WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
      transaction,
    );
    if (!invitation) throw new NotFoundError('Invitation');
    const status = invitationStatus(invitation, now);
    if (status !== 'pending') throw invitationClosed(status);
    const userId =
      'userId' in joiner
        ? joiner.userId
        : (
            await rows<{ id: string }>(
              sequelize,
              // A new member starts with the studio's zone and language as their own.
              `INSERT INTO users (org_id, email, password_hash, name, locale, time_zone)
               SELECT $1, $2, $3, $4, s.locale, s.time_zone FROM organizations s WHERE s.id = $1
               RETURNING id`,
              [invitation.org_id, invitation.email, joiner.create.passwordHash, joiner.create.name],
              transaction,
            )
          )[0].id;
    if (await findMember(sequelize, invitation.org_id, userId, transaction))
      throw new ConflictError('already_member', 'This account is already a member of the studio');
    await rows(
      sequelize,
      `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3) RETURNING user_id`,
      [invitation.org_id, userId, invitation.role],
      transaction,
    );
    await rows(
      sequelize,
      'UPDATE users SET org_id = $1, updated_at = now() WHERE id = $2 RETURNING id',
      [invitation.org_id, userId],
      transaction,
    );
    // An account that acted in another studio acts in this one from its next request, in every process.
    await tellMembershipChanged(sequelize, [userId], transaction);
    await rows(
      sequelize,
      `UPDATE team_invitations SET accepted_at = now(), accepted_by = $2, token_hash = NULL, updated_at = now()
        WHERE id = $1 RETURNING id`,
      [invitation.id, userId],
      transaction,
    );
    return { userId, orgId: invitation.org_id, role: invitation.role };
  });
}

/**
 * Removes a member from the studio: their sessions and documents stay the studio's; they act in
 * another studio of theirs if they have one. The owner is not removed (`owner_not_removable`:
 * transfer the ownership first).
 */
export function removeMember(sequelize: Sequelize, orgId: string, userId: string): Promise<void> {
  return sequelize.transaction(async (transaction) => {
    const member = await findMember(sequelize, orgId, userId, transaction);
    if (!member) throw new NotFoundError('Member');
    if (member.role === 'owner')
      throw new ConflictError('owner_not_removable', 'The owner is not removed: transfer the ownership first');
    await rows(
      sequelize,
      'DELETE FROM memberships WHERE org_id = $1 AND user_id = $2 RETURNING user_id',
      [orgId, userId],
      transaction,
    );
    await tellMembershipChanged(sequelize, [userId], transaction);
    // Their sessions stay the studio's; they are no longer on them (issue 44 §2).
    await rows(
      sequelize,
      'DELETE FROM session_assignments WHERE owner_id = $1 AND user_id = $2 RETURNING id',
      [orgId, userId],
      transaction,
    );
    await rows(
      sequelize,
      `UPDATE users u SET org_id = coalesce(
          (SELECT m.org_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at LIMIT 1), u.org_id),
          updated_at = now()
        WHERE u.id = $1 AND u.org_id = $2 RETURNING id`,
      [userId, orgId],
      transaction,
    );
  });
}

/** Makes `toUserId`, a member, the studio's owner; the owner until now becomes an admin. */
export function transferOwnership(sequelize: Sequelize, orgId: string, toUserId: string): Promise<void> {
  return sequelize.transaction(async (transaction) => {
    const target = await findMember(sequelize, orgId, toUserId, transaction);
    if (!target) throw new NotFoundError('Member');
    if (target.role === 'owner') return;
    const demoted = await rows<{ user_id: string }>(
      sequelize,
      `UPDATE memberships SET role = 'admin', updated_at = now() WHERE org_id = $1 AND role = 'owner' RETURNING user_id`,
      [orgId],
      transaction,
    );
    await rows(
      sequelize,
      `UPDATE memberships SET role = 'owner', updated_at = now() WHERE org_id = $1 AND user_id = $2 RETURNING user_id`,
      [orgId, toUserId],
      transaction,
    );
    await tellMembershipChanged(sequelize, [toUserId, ...demoted.map((d) => d.user_id)], transaction);
  });
}

/** Makes the person act in another studio of theirs; a studio they are not a member of is not found. */
export async function switchStudio(sequelize: Sequelize, userId: string, orgId: string): Promise<void> {
  const [switched] = await rows<{ id: string }>(
    sequelize,
    `UPDATE users u SET org_id = $2, updated_at = now()
      WHERE u.id = $1 AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = $1 AND m.org_id = $2)
      RETURNING id`,
    [userId, orgId],
  );
  if (!switched) throw new NotFoundError('Studio');
}
