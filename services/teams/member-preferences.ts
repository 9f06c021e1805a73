import { type Sequelize } from 'sequelize-typescript';
import { setUserPreferences, type UserPreferences } from '../../db/commands/set-user-preferences';
import { findUser } from '../../db/queries/users';
import { type UserRow } from '../../db/rows';
import { ForbiddenError } from '../../domain/errors';
import { mayDo } from '../../domain/teams/permissions';
import { type MemberRole } from '../../domain/teams/roles';

/** What a member sets of themselves: the zone, language, notification address, csv dialect. */
export type OwnPreferences = Partial<Pick<UserRow, 'time_zone' | 'locale' | 'notification_email' | 'csv_dialect'>>;
/** What belongs to the studio, the same for every member: its country, public slug, calendar feeds' client names. */
export type StudioPreferences = Pick<UserPreferences, 'country' | 'tenant_slug' | 'calendar_feed_client_names'>;

interface Member {
  id: string;
  orgId: string;
  role: MemberRole;
}

/** The member's own row and their studio's (one row for its owner: the studio's settings live on its founder's account). */
export async function memberAndStudio(
  sequelize: Sequelize,
  member: Member,
): Promise<{ person: UserRow; studio: UserRow }> {
  const person = await findUser(sequelize, member.id);
  return { person, studio: member.orgId === member.id ? person : await findUser(sequelize, member.orgId) };
}

/**
 * Sets a member's preferences (issue 44 §2): their own on their account, the studio's on the
 * studio's row, which only a role holding `settings.write` may change (403 before anything is
 * written). Answers both rows as they now are.
 */
export async function setMemberPreferences(
  sequelize: Sequelize,
  member: Member,
  body: OwnPreferences & StudioPreferences,
): Promise<{ person: UserRow; studio: UserRow }> {
  const { country, tenant_slug: tenantSlug, calendar_feed_client_names: clientNames, ...own } = body;
  const studioFields: StudioPreferences = {
    ...(country !== undefined ? { country } : {}),
    ...(tenantSlug !== undefined ? { tenant_slug: tenantSlug } : {}),
    ...(clientNames !== undefined ? { calendar_feed_client_names: clientNames } : {}),
  };
  if (Object.keys(studioFields).length > 0 && !mayDo(member.role, 'settings.write'))
    throw new ForbiddenError(`A member with the role ${member.role} may not change the studio's settings`);
  if (member.orgId === member.id) {
    const row = await setUserPreferences(sequelize, member.id, { ...own, ...studioFields });
    return { person: row, studio: row };
  }
  const studio = Object.keys(studioFields).length
    ? await setUserPreferences(sequelize, member.orgId, studioFields)
    : await findUser(sequelize, member.orgId);
  return { person: await setUserPreferences(sequelize, member.id, own), studio };
}
