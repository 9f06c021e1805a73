import { type Migration, runSql } from '../migrator';

/**
 * Issue 44, "Speed": what a member who works only on their assigned sessions (a photographer)
 * reaches, enforced by the database in the route's own statement instead of a read of its own.
 *
 * - `studio_rls_member()`: the member whose assigned sessions bound the connection's work
 *   (`app.member_id`, set with `app.org_id` by db/studio-session.ts), or NULL: no bound (every
 *   other role, the platform, the jobs).
 * - A restrictive policy `member_reach` on sessions, quotes and contacts, for SELECT: with a member
 *   set, a row is seen (and so found by an UPDATE's or DELETE's WHERE, or RETURNING) only when the
 *   member is assigned to the session, the quote's session, or a session whose main contact or
 *   session contact the contact is. The reach is written once, in two functions of the member
 *   given, which the lists' filter calls too (db/queries/session-assignments.ts#reachedFilter).
 *   Without a member the sub-select is NULL once per statement and the row passes.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `CREATE OR REPLACE FUNCTION studio_rls_member() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $fn$ SELECT nullif(current_setting('app.member_id', true), '')::uuid $fn$;

-- Functions, not sub-selects written into the policies: a SECURITY DEFINER function is never
-- inlined, so a statement's plan keeps one call where the sub-selects (and the policies of the
-- tables they read) would add some forty nodes to plan on every list page of every studio, and
-- the call is made only when a member is set. As the tables' owner they read the assignments
-- without the policies again; each answers one boolean for the member it is given (the
-- connection's here, a feed's or a link's member in the lists' filter).
CREATE OR REPLACE FUNCTION studio_member_reaches_session(session uuid, member uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $fn$ SELECT EXISTS (SELECT 1 FROM session_assignments a WHERE a.session_id = session AND a.user_id = member) $fn$;

CREATE OR REPLACE FUNCTION studio_member_reaches_contact(contact uuid, member uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $fn$ SELECT EXISTS (
    SELECT 1 FROM session_assignments a JOIN sessions s ON s.id = a.session_id
     WHERE a.user_id = member
       AND (s.contact_id = contact OR EXISTS (
         SELECT 1 FROM session_contacts sc WHERE sc.session_id = s.id AND sc.contact_id = contact))) $fn$;

CREATE POLICY member_reach ON sessions AS RESTRICTIVE FOR SELECT
  USING ((SELECT studio_rls_member()) IS NULL OR studio_member_reaches_session(id, (SELECT studio_rls_member())));

CREATE POLICY member_reach ON quotes AS RESTRICTIVE FOR SELECT
  USING ((SELECT studio_rls_member()) IS NULL OR studio_member_reaches_session(session_id, (SELECT studio_rls_member())));

CREATE POLICY member_reach ON contacts AS RESTRICTIVE FOR SELECT
  USING ((SELECT studio_rls_member()) IS NULL OR studio_member_reaches_contact(id, (SELECT studio_rls_member())));`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP POLICY IF EXISTS member_reach ON contacts;
DROP POLICY IF EXISTS member_reach ON quotes;
DROP POLICY IF EXISTS member_reach ON sessions;
DROP FUNCTION IF EXISTS studio_member_reaches_contact(uuid, uuid);
DROP FUNCTION IF EXISTS studio_member_reaches_session(uuid, uuid);
DROP FUNCTION IF EXISTS studio_rls_member();`,
  );
