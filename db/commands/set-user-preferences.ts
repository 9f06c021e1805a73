import { type Sequelize } from 'sequelize-typescript';
import { User } from '../models/User';
import { type UserRow } from '../rows';

/** What a member sets of themselves. */
export type UserPreferences = Partial<Pick<UserRow, 'time_zone' | 'csv_dialect' | 'locale' | 'notification_email'>>;

/** Sets a member's own preferences; answers their whole row (a missing user is a 404 `not_found`). */
export async function setUserPreferences(
  _sequelize: Sequelize,
  id: string,
  preferences: UserPreferences,
): Promise<UserRow> {
  const user = await User.findByPk(id, { rejectOnEmpty: true });
  return user.update(preferences);
}
