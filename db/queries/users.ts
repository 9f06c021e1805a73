import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { User } from '../models/User';
import { type UserRow } from '../rows';
import { type MemberRole } from '../../domain/teams/roles';
import { prepared, preparedRows } from '../pg-client';

/** The columns of a user that the auth guard needs, and their role in the studio they act in. */
export type GuardUser = Pick<UserRow, 'id' | 'org_id' | 'email' | 'locale' | 'time_zone'> & {
  role: MemberRole;
  /** The studio's zone: the calendar of its documents. */
  studio_time_zone: string;
};

const GUARD_USER = prepared(
  'guard-user',
  `SELECT u.id, u.org_id, u.email, u.locale, u.time_zone, m.role, o.time_zone AS studio_time_zone
     FROM users u JOIN memberships m ON m.org_id = u.org_id AND m.user_id = u.id
     JOIN organizations o ON o.id = u.org_id
    WHERE u.id = $1`,
);

/** A user by id; a missing one is a 404 `not_found` (rejectOnEmpty, see db/errors.ts). */
export function findUser(_sequelize: Sequelize, id: string): Promise<UserRow> {
  return User.findByPk(id, { rejectOnEmpty: true });
}

/**
 * What the auth guard reads of a user, with their role in the studio they act in (`org_id`), as a
 * plain row; null when there is no such user or they are no longer a member of it.
 */
export async function findGuardUser(sequelize: Sequelize, id: string): Promise<GuardUser | null> {
  const [row] = await preparedRows<GuardUser>(sequelize, GUARD_USER, [id]);
  return row ?? null;
}

/** A user's export and import preferences; a missing user is a 404 `not_found`. */
export async function findUserPreferences(
  _sequelize: Sequelize,
  id: string,
): Promise<Pick<UserRow, 'time_zone' | 'csv_dialect'>> {
  return User.findByPk(id, { attributes: ['time_zone', 'csv_dialect'], rejectOnEmpty: true });
}

/** Whether an account has this address (any case): who accepts an invitation signs in rather than registers. */
export async function userEmailExists(_sequelize: Sequelize, email: string): Promise<boolean> {
  return (await User.count({ where: { email: { [Op.iLike]: email.trim().replace(/[\\%_]/g, '\\$&') } } })) > 0;
}
