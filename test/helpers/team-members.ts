import { type Express } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { type MemberRole } from '../../domain/teams/roles';
import { buildUser, type TestUser } from '../factories/users';
import { sqlOn } from './sql';

/**
 * A member of `studio` with `role`: an account registered through the api, then joined to the
 * studio in the database as an accepted invitation joins it (the studio they act in, and their
 * membership with the role).
 */
export async function memberOf(
  app: Express,
  sequelize: Sequelize,
  studio: { id: string },
  role: MemberRole,
): Promise<TestUser> {
  const sql = sqlOn(() => sequelize);
  const member = await buildUser(app, { name: `Member (${role})` });
  await sql('UPDATE users SET org_id = $1 WHERE id = $2', [studio.id, member.id]);
  await sql('INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3)', [studio.id, member.id, role]);
  return member;
}
