import { type Sequelize } from 'sequelize-typescript';
import { UniqueConstraintError } from 'sequelize';
import { ConflictError } from '../../domain/errors';
import { User } from '../models/User';
import { type UserRow } from '../rows';

export type UserPreferences = Partial<
  Pick<
    UserRow,
    | 'time_zone'
    | 'csv_dialect'
    | 'tenant_slug'
    | 'country'
    | 'locale'
    | 'notification_email'
    | 'calendar_feed_client_names'
  >
>;

/**
 * Sets a user's preferences; answers the whole user row (a missing user is a 404 `not_found`).
 * A slug another studio holds is a 409 `tenant_slug_taken` (the unique index decides, so two
 * studios asking at once cannot both get it).
 */
export async function setUserPreferences(
  _sequelize: Sequelize,
  id: string,
  preferences: UserPreferences,
): Promise<UserRow> {
  const user = await User.findByPk(id, { rejectOnEmpty: true });
  try {
    return await user.update(preferences);
  } catch (err) {
    if (err instanceof UniqueConstraintError && preferences.tenant_slug)
      throw new ConflictError('tenant_slug_taken', `The name ${preferences.tenant_slug} is taken by another studio`);
    throw err;
  }
}
