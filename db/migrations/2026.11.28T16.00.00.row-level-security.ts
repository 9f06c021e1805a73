import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §3: isolation the database enforces (docs/teams.md, "Row-level security").
 *
 * - The application role (DATABASE_APP_ROLE, default studio_app): NOLOGIN, no BYPASSRLS, owner of
 *   nothing; the service's connections SET ROLE to it. It gets DML on every table and the use of
 *   every sequence, now and (default privileges) for the tables later migrations create. No
 *   TRUNCATE: TRUNCATE is not subject to row-level security.
 * - `studio_rls_org()`: the studio the connection acts for (`app.org_id`), or NULL for the platform.
 * - `studio_rls_enable(table, column)`: turns row-level security on for a table and gives it the
 *   one policy, `studio_isolation`: a row is seen and written when its studio column is the
 *   connection's studio, or when no studio is set (the platform's own work); where the column
 *   may be empty, a second policy, `studio_shared_read`, lets every studio read the rows of no
 *   studio (the platform's defaults) but not write them. Later migrations that create a
 *   studio's table call it: `SELECT studio_rls_enable('session_assignments');`.
 * - Every table that has an `owner_id` now, and the three keyed by `org_id` (memberships,
 *   team_invitations, file_objects), get it.
 *
 * The tables' owner (the migrator) is not restricted: RLS is enabled, not forced. The role is
 * created once per cluster (roles are not per database); a concurrent creator is tolerated.
 */

/**
 * DATABASE_APP_ROLE as lib/config.ts reads it (default studio_app), written here, not imported: a
 * migration runs as it landed. A plain identifier only, as it is written into the SQL.
 */
function appRole(): string {
  const role = process.env.DATABASE_APP_ROLE || 'studio_app';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`DATABASE_APP_ROLE is not a plain identifier: ${role}`);
  return role;
}

const rlsSql = (role: string) => `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
    BEGIN
      CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  -- A migrator that is not a superuser may only SET ROLE to a role it is a member of.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT %I TO %I', '${role}', current_user);
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO ${role};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role};

-- STABLE and in a sub-select in the policy: evaluated once per statement, not once per row.
CREATE OR REPLACE FUNCTION studio_rls_org() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $fn$ SELECT nullif(current_setting('app.org_id', true), '')::uuid $fn$;

CREATE OR REPLACE FUNCTION studio_rls_enable(target regclass, studio_column name DEFAULT 'owner_id') RETURNS void
  LANGUAGE plpgsql
  AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS studio_isolation ON %s', target);
  EXECUTE format(
    'CREATE POLICY studio_isolation ON %s
       USING (%2$I = (SELECT studio_rls_org()) OR (SELECT studio_rls_org()) IS NULL)
       WITH CHECK (%2$I = (SELECT studio_rls_org()) OR (SELECT studio_rls_org()) IS NULL)',
    target, studio_column);
  -- A row of no studio (the platform's default templates, workflows, session types) is read by
  -- every studio, and written by none: a policy for SELECT alone.
  EXECUTE format('DROP POLICY IF EXISTS studio_shared_read ON %s', target);
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = target AND attname = studio_column AND NOT attnotnull) THEN
    EXECUTE format('CREATE POLICY studio_shared_read ON %s FOR SELECT USING (%I IS NULL)', target, studio_column);
  END IF;
END
$fn$;

DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN
    SELECT c.oid::regclass
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'owner_id' AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY c.relname
  LOOP
    PERFORM studio_rls_enable(t);
  END LOOP;
END
$$;
-- The import's batch probes (db/queries/import-matches.ts), as the tables' owner: under a policy
-- lower() (not leakproof) may not be an index condition, and each of a batch's 1 000 probes read
-- every record of the studio. SECURITY DEFINER, so the owner's plan uses the (owner_id, lower(...))
-- indexes; each names the studio it is given, and answers ids only, which the caller reads back
-- through the policy.
CREATE OR REPLACE FUNCTION studio_import_contact_ids(studio uuid, emails text[], first_names text[], last_names text[])
  RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $fn$
  SELECT p.id FROM unnest(emails) AS k(email) CROSS JOIN LATERAL (
    SELECT id FROM contacts WHERE owner_id = studio AND lower(email) = k.email AND erased_at IS NULL OFFSET 0) p
  UNION ALL
  SELECT p.id FROM unnest(first_names, last_names) AS k(f, l) CROSS JOIN LATERAL (
    SELECT id FROM contacts
     WHERE owner_id = studio AND lower(btrim(coalesce(first_name, ''))) = k.f
       AND lower(btrim(coalesce(last_name, ''))) = k.l AND erased_at IS NULL OFFSET 0) p
$fn$;

CREATE OR REPLACE FUNCTION studio_import_title_ids(target text, studio uuid, titles text[])
  RETURNS SETOF uuid LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $fn$
BEGIN
  IF target NOT IN ('sessions', 'quotes', 'invoices') THEN
    RAISE EXCEPTION 'no import probe for %', target;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT p.id FROM unnest($2) AS k(title) CROSS JOIN LATERAL (
       SELECT id FROM %I WHERE owner_id = $1 AND lower(title) = k.title OFFSET 0) p', target)
    USING studio, titles;
END
$fn$;

SELECT studio_rls_enable('memberships', 'org_id');
SELECT studio_rls_enable('team_invitations', 'org_id');
SELECT studio_rls_enable('file_objects', 'org_id');
`;

export const up: Migration['up'] = ({ context }) => runSql(context, rlsSql(appRole()));

const downSql = (role: string) => `
DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN SELECT DISTINCT (quote_ident(schemaname) || '.' || quote_ident(tablename))::regclass
             FROM pg_policies WHERE policyname = 'studio_isolation' AND schemaname = 'public'
  LOOP
    EXECUTE format('DROP POLICY studio_isolation ON %s', t);
    EXECUTE format('DROP POLICY IF EXISTS studio_shared_read ON %s', t);
    EXECUTE format('ALTER TABLE %s DISABLE ROW LEVEL SECURITY', t);
  END LOOP;
END
$$;
DROP FUNCTION studio_import_contact_ids(uuid, text[], text[], text[]);
DROP FUNCTION studio_import_title_ids(text, uuid, text[]);
DROP FUNCTION studio_rls_enable(regclass, name);
DROP FUNCTION studio_rls_org();
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE USAGE, SELECT, UPDATE ON SEQUENCES FROM ${role};
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role};
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role};
REVOKE USAGE ON SCHEMA public FROM ${role};
`;

// The role stays: roles belong to the cluster, and another database of it may still use it.
export const down: Migration['down'] = ({ context }) => runSql(context, downSql(appRole()));
