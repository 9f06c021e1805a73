import { type Migration, runSql } from '../migrator';

/**
 * Issue 44: the studio is the organisation, and people join it as members with a role.
 *
 * - Each organisation takes the id of the account that founded it, and every account that is not
 *   yet a founder (none exist: registration made one organisation per account) founds one under
 *   its own id. So every `owner_id` keeps its value: it named the studio's account and now names
 *   the studio, and every number, ledger chain (whose hashes include it) and file stays as it is.
 * - The studio's tables (every `owner_id`, and the company profile's `user_id`) reference the
 *   organisation instead of the account: removing a member never takes the studio's records.
 * - `memberships` holds each member's role; every existing account is the owner of its studio.
 *   One owner per studio, enforced by a unique index.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `-- The constraints that point at organizations, put back as they were once the ids have moved.
CREATE TEMP TABLE moved_org_constraints ON COMMIT DROP AS
  SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = 'organizations'::regclass;
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM moved_org_constraints LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.name);
  END LOOP;
END $$;

CREATE TEMP TABLE org_founders ON COMMIT DROP AS
  SELECT DISTINCT ON (org_id) org_id AS old_id, id AS new_id FROM users ORDER BY org_id, created_at, id;
UPDATE organizations o SET id = f.new_id FROM org_founders f WHERE o.id = f.old_id;
UPDATE file_objects t SET org_id = f.new_id FROM org_founders f WHERE t.org_id = f.old_id;
UPDATE job_runs t SET org_id = f.new_id FROM org_founders f WHERE t.org_id = f.old_id;
INSERT INTO organizations (id, name)
  SELECT u.id, coalesce(nullif(btrim(u.name), ''), u.email) FROM users u
   WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = u.id);
UPDATE users SET org_id = id WHERE org_id <> id;

DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM moved_org_constraints LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.name, r.def);
  END LOOP;
END $$;

-- The studio's records belong to the studio.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, a.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND cardinality(c.conkey) = 1
       AND (a.attname IN ('owner_id', 'resource_owner_id') OR (c.conrelid = 'user_company'::regclass AND a.attname = 'user_id'))
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.name);
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I FOREIGN KEY (%I) REFERENCES organizations(id) ON DELETE CASCADE', r.tbl, r.name, r.col);
  END LOOP;
END $$;

CREATE TABLE memberships (
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role varchar(20) NOT NULL CHECK (role IN ('owner', 'admin', 'photographer', 'assistant', 'bookkeeper')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, user_id)
);
CREATE UNIQUE INDEX memberships_one_owner ON memberships (org_id) WHERE role = 'owner';
CREATE INDEX memberships_user_idx ON memberships (user_id);
INSERT INTO memberships (org_id, user_id, role) SELECT org_id, id, 'owner' FROM users;`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP TABLE memberships;
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, a.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.confrelid = 'organizations'::regclass AND cardinality(c.conkey) = 1
       AND (a.attname IN ('owner_id', 'resource_owner_id') OR (c.conrelid = 'user_company'::regclass AND a.attname = 'user_id'))
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.name);
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I FOREIGN KEY (%I) REFERENCES users(id) ON DELETE CASCADE', r.tbl, r.name, r.col);
  END LOOP;
END $$;`,
  );
