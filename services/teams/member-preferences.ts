import { type Sequelize } from 'sequelize-typescript';
import { setStudioSettings, type StudioSettings } from '../../db/commands/set-studio-settings';
import { setUserPreferences, type UserPreferences } from '../../db/commands/set-user-preferences';
import { findStudio, type Studio } from '../../db/queries/studios';
import { findUser } from '../../db/queries/users';
import { type UserRow } from '../../db/rows';
import { ForbiddenError } from '../../domain/errors';
import { mayDo } from '../../domain/teams/permissions';
import { type MemberRole } from '../../domain/teams/roles';

/** What a member sets of themselves: the zone, language, notification address, csv dialect. */
export type OwnPreferences = UserPreferences;
/**
 * What belongs to the studio, the same for every member: its country, public slug, calendar
 * feeds' client names, and its own zone, language and csv dialect (`studio_*`: its documents'
 * calendar and language, its scheduled exports' dialect).
 */
export type StudioPreferences = Pick<StudioSettings, 'country' | 'tenant_slug' | 'calendar_feed_client_names'> & {
  studio_time_zone?: string;
  studio_locale?: StudioSettings['locale'];
  studio_csv_dialect?: StudioSettings['csv_dialect'];
};

interface Member {
  id: string;
  orgId: string;
  role: MemberRole;
}

/** The member's own row and their studio's. */
export async function memberAndStudio(
  sequelize: Sequelize,
  member: Member,
): Promise<{ person: UserRow; studio: Studio }> {
  const [person, studio] = await Promise.all([findUser(sequelize, member.id), findStudio(sequelize, member.orgId)]);
  return { person, studio };
}

/** The fields of `fields` that were given (undefined: not sent; null is a value: it clears). */
const given = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;

/** The studio's fields of a preferences body, named as the studio's row names them; only those given. */
function studioSettingsOf(body: StudioPreferences): StudioSettings {
  return given<StudioSettings>({
    country: body.country,
    tenant_slug: body.tenant_slug,
    calendar_feed_client_names: body.calendar_feed_client_names,
    time_zone: body.studio_time_zone,
    locale: body.studio_locale,
    csv_dialect: body.studio_csv_dialect,
  });
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
): Promise<{ person: UserRow; studio: Studio }> {
  const { time_zone, locale, notification_email, csv_dialect } = body;
  const studioFields = studioSettingsOf(body);
  if (Object.keys(studioFields).length > 0 && !mayDo(member.role, 'settings.write'))
    throw new ForbiddenError(`A member with the role ${member.role} may not change the studio's settings`);
  if (Object.keys(studioFields).length > 0) await setStudioSettings(sequelize, member.orgId, studioFields);
  const person = await setUserPreferences(
    sequelize,
    member.id,
    given<OwnPreferences>({ time_zone, locale, notification_email, csv_dialect }),
  );
  return { person, studio: await findStudio(sequelize, member.orgId) };
}
