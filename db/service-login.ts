import { QueryTypes, type Sequelize } from 'sequelize';
import { APP_ROLE_NAME } from './app-role';

/** What the migrator learned of the service's login: its user, and whether it was made or changed now. */
export interface ServiceLogin {
  user: string;
  created: boolean;
}

/** The refusal of a service login that would see every studio. */
export class UnsafeServiceLoginError extends Error {}

/**
 * Gives the service a login of its own (issue 44 §3): run by the migrator as the tables' owner
 * (MIGRATION_DATABASE_URL) when the service's DATABASE_URL names another user. That user is made
 * (or kept) a login with the URL's password, no superuser, no BYPASSRLS, and a member of the app
 * role (DATABASE_APP_ROLE), whose grants it inherits: a statement that runs `RESET ROLE` is still
 * the service's login, held by every policy, owner of nothing. The URL is the one source of the
 * password, so a deployment that rotates it runs the migrations again. Answers null when the
 * service logs in as the migrator itself (the single-URL form: it then acts as the app role by
 * `SET ROLE`, docs/teams.md).
 *
 * A user that already exists as a superuser, with BYPASSRLS, or owning a table is refused: the
 * service would see every studio.
 */
export async function provideServiceLogin(
  owner: Sequelize,
  serviceUrl: string,
  appRole: string,
): Promise<ServiceLogin | null> {
  const url = new URL(serviceUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const [{ migrator }] = await owner.query<{ migrator: string }>('SELECT current_user AS migrator', {
    type: QueryTypes.SELECT,
  });
  if (!user || user === migrator) return null;
  if (!APP_ROLE_NAME.test(appRole)) throw new Error(`not a plain role name: ${appRole}`);

  const [existing] = await owner.query<{ super: boolean; bypass: boolean; owns: number }>(
    `SELECT r.rolsuper AS super, r.rolbypassrls AS bypass,
            (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid AND c.relkind IN ('r', 'p')) AS owns
       FROM pg_roles r WHERE r.rolname = $1`,
    { bind: [user], type: QueryTypes.SELECT },
  );
  if (existing && (existing.super || existing.bypass || existing.owns > 0))
    throw new UnsafeServiceLoginError(
      `DATABASE_URL's user ${user} ${existing.super ? 'is a superuser' : existing.bypass ? 'has BYPASSRLS' : 'owns tables'}: ` +
        `the service would see every studio. Give it a login of its own, or leave MIGRATION_DATABASE_URL unset.`,
    );
  // Identifiers and the password are quoted by PostgreSQL's format() (%I, %L): no bind parameter
  // exists in CREATE ROLE. Not logged: the statement holds the password.
  const statements = await owner.query<{ sql: string }>(
    `SELECT sql FROM (VALUES
       (1, format(CASE WHEN $4 THEN 'ALTER ROLE %I' ELSE 'CREATE ROLE %I' END
                  || ' LOGIN NOSUPERUSER NOBYPASSRLS INHERIT PASSWORD %L', $1::text, $2::text)),
       (2, format('GRANT %I TO %I', $3::text, $1::text))) AS s(step, sql)
     ORDER BY step`,
    { bind: [user, password, appRole, Boolean(existing)], type: QueryTypes.SELECT, logging: false },
  );
  for (const { sql } of statements) await owner.query(sql, { logging: false });
  return { user, created: !existing };
}
