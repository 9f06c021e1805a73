import { type Migration, runSql } from '../migrator';

/**
 * Issue 44 §3: `job_runs` under the studio's policy, by `org_id`.
 *
 * A job about a studio's record now carries its studio whoever starts it (lib/jobs/start-job.ts,
 * `jobStudio`): the studio's request, the outbox's relay (a document's file after its issue) or a
 * schedule, from the payload's `ownerId`. The runs recorded before are given theirs the same way.
 * A run of no studio (cleanup, the relay's own pass, a schedule's fire) is the platform's: unlike
 * a platform template, no studio reads it, so the shared-read policy is dropped.
 */
export const up: Migration['up'] = ({ context }) =>
  runSql(
    context,
    `UPDATE job_runs r SET org_id = o.id
   FROM organizations o
  WHERE r.org_id IS NULL AND o.id::text = r.payload->>'ownerId';
SELECT studio_rls_enable('job_runs', 'org_id');
DROP POLICY IF EXISTS studio_shared_read ON job_runs;`,
  );

export const down: Migration['down'] = ({ context }) =>
  runSql(
    context,
    `DROP POLICY IF EXISTS studio_isolation ON job_runs;
ALTER TABLE job_runs DISABLE ROW LEVEL SECURITY;`,
  );
