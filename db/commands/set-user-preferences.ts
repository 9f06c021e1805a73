import { User } from '../models/User';
import { type UserRow } from '../rows';

export type UserPreferences = Partial<Pick<UserRow, 'time_zone' | 'csv_dialect'>>;

/** Sets a user's export preferences; answers the whole user row (a missing user is a 404 `not_found`). */
export async function setUserPreferences(id: string, preferences: UserPreferences): Promise<UserRow> {
  const user = await User.findByPk(id, { rejectOnEmpty: true });
  return user.update(preferences);
}
