import { type Sequelize } from 'sequelize-typescript';
import { User } from '../models/User';
import { type UserRow } from '../rows';

/** The columns of a user that the auth guard needs. */
export type GuardUser = Pick<UserRow, 'id' | 'org_id' | 'email' | 'locale' | 'time_zone'>;

/** A user by id; a missing one is a 404 `not_found` (rejectOnEmpty, see db/errors.ts). */
export function findUser(_sequelize: Sequelize, id: string): Promise<UserRow> {
  return User.findByPk(id, { rejectOnEmpty: true });
}

/** What the auth guard reads of a user, as a plain row; null when there is no such user. */
export function findGuardUser(_sequelize: Sequelize, id: string): Promise<GuardUser | null> {
  return User.findByPk(id, { attributes: ['id', 'org_id', 'email', 'locale', 'time_zone'], raw: true });
}

/** A user's export and import preferences; a missing user is a 404 `not_found`. */
export async function findUserPreferences(
  _sequelize: Sequelize,
  id: string,
): Promise<Pick<UserRow, 'time_zone' | 'csv_dialect'>> {
  return User.findByPk(id, { attributes: ['time_zone', 'csv_dialect'], rejectOnEmpty: true });
}

/** A user's locale, or undefined when the user is gone. */
export async function findUserLocale(_sequelize: Sequelize, id: string): Promise<UserRow['locale'] | undefined> {
  return (await User.findByPk(id))?.locale;
}

/** The studio a public tenant slug names (slugs are lower-case), or null when none does. */
export async function findStudioIdBySlug(_sequelize: Sequelize, slug: string): Promise<string | null> {
  if (!/^[a-z0-9-]{1,63}$/.test(slug)) return null;
  const user = await User.findOne({ where: { tenant_slug: slug }, attributes: ['id'], raw: true });
  return user?.id ?? null;
}
