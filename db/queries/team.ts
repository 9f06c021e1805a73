import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type MemberRole } from '../../domain/teams/roles';
import { asPlatform } from '../studio-context';
import { studioNameSql } from './studios';

/** A member of a studio as the team page lists them. */
export interface MemberRow {
  user_id: string;
  name: string | null;
  email: string;
  role: MemberRole;
  joined_at: Date;
}

/** An invitation as the studio sees it (never its token). */
export interface InvitationRow {
  id: string;
  org_id: string;
  email: string;
  role: Exclude<MemberRole, 'owner'>;
  invited_by: string | null;
  expires_at: Date;
  sent_at: Date | null;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export const INVITATION_COLUMNS =
  'id, org_id, email, role, invited_by, expires_at, sent_at, accepted_at, revoked_at, created_at';

/** The studio's members, the owner first, then by the day they joined. */
export function listMembers(sequelize: Sequelize, orgId: string): Promise<MemberRow[]> {
  return sequelize.query<MemberRow>(
    `SELECT u.id AS user_id, u.name, u.email, m.role, m.created_at AS joined_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.org_id = $1
      ORDER BY m.role = 'owner' DESC, m.created_at, u.id`,
    { bind: [orgId], type: QueryTypes.SELECT },
  );
}

/** One member of the studio, or null. */
export async function findMember(
  sequelize: Sequelize,
  orgId: string,
  userId: string,
  transaction?: Transaction,
): Promise<MemberRow | null> {
  const [row] = await sequelize.query<MemberRow>(
    `SELECT u.id AS user_id, u.name, u.email, m.role, m.created_at AS joined_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.org_id = $1 AND m.user_id = $2`,
    { bind: [orgId, userId], type: QueryTypes.SELECT, transaction },
  );
  return row ?? null;
}

/** The studio's invitations, newest first. */
export function listInvitations(sequelize: Sequelize, orgId: string): Promise<InvitationRow[]> {
  return sequelize.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations WHERE org_id = $1 ORDER BY created_at DESC, id`,
    { bind: [orgId], type: QueryTypes.SELECT },
  );
}

/** One of the studio's invitations, or null (another studio's reads as none). */
export async function findInvitation(sequelize: Sequelize, orgId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await sequelize.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations WHERE org_id = $1 AND id = $2`,
    { bind: [orgId, id], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** What the invitation email says: the studio's name, who invited, in the inviter's language. */
export interface InvitationLetter extends InvitationRow {
  studio_name: string;
  inviter_name: string | null;
  locale: string;
}

/** An invitation with what its email needs, or null. */
export async function findInvitationLetter(sequelize: Sequelize, id: string): Promise<InvitationLetter | null> {
  const [row] = await sequelize.query<InvitationLetter>(
    `SELECT i.id, i.org_id, i.email, i.role, i.invited_by, i.expires_at, i.sent_at, i.accepted_at, i.revoked_at, i.created_at,
            ${studioNameSql('c', 'o')} AS studio_name,
            coalesce(nullif(btrim(inviter.name), ''), inviter.email) AS inviter_name,
            coalesce(inviter.locale, o.locale) AS locale
       FROM team_invitations i
       JOIN organizations o ON o.id = i.org_id
       LEFT JOIN user_company c ON c.user_id = i.org_id
       LEFT JOIN users inviter ON inviter.id = i.invited_by
      WHERE i.id = $1`,
    { bind: [id], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** The invitation a link's token hash opens, or null. */
export async function findInvitationByTokenHash(
  sequelize: Sequelize,
  tokenHash: string,
): Promise<InvitationRow | null> {
  const [row] = await sequelize.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM team_invitations WHERE token_hash = $1`,
    { bind: [tokenHash], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** A studio a person is a member of, and whether they act in it now. */
export interface StudioOfMember {
  org_id: string;
  name: string;
  role: MemberRole;
  current: boolean;
}

/**
 * The studios a person is a member of, the one they act in first, then by name. Read as the
 * platform: the person's memberships of other studios are not the current studio's rows.
 */
export function listStudiosOf(sequelize: Sequelize, userId: string): Promise<StudioOfMember[]> {
  return asPlatform(() =>
    sequelize.query<StudioOfMember>(
      `SELECT m.org_id, ${studioNameSql('c', 'o')} AS name, m.role, (u.org_id = m.org_id) AS current
       FROM memberships m
       JOIN organizations o ON o.id = m.org_id
       JOIN users u ON u.id = m.user_id
       LEFT JOIN user_company c ON c.user_id = m.org_id
      WHERE m.user_id = $1
      ORDER BY (u.org_id = m.org_id) DESC, 2, m.org_id`,
      { bind: [userId], type: QueryTypes.SELECT },
    ),
  );
}
