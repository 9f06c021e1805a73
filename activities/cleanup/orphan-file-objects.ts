import { QueryTypes } from 'sequelize';
import { PERMANENT_PREFIXES } from '../../domain/storage/prefixes';
import { type CleanupPayload, type CleanupSummary, ORPHAN_MIN_AGE_SECONDS } from '../../workflows/cleanup/contract';
import { minAge, runCleanupPass } from './cleanup-pass';
import { type CleanupDeps } from './deps';
import { deleteObjects, S3_BATCH } from './object-store';

// The spec's orphan: not referenced by documents or export jobs.
const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM documents d WHERE d.file_object_id = fo.id)
  AND NOT EXISTS (SELECT 1 FROM export_jobs ej WHERE ej.file_object_id = fo.id)`;

// The permanent rule, which wins over the orphan rule (docs/storage.md): attached to an entity,
// under a permanent prefix, a legacy session or contact file, or a user's current avatar or logo.
const PROTECTED = `(fo.entity_id IS NOT NULL
  OR fo.key LIKE ANY($permanent::text[])
  OR EXISTS (SELECT 1 FROM session_files sf WHERE sf.key = fo.key)
  OR EXISTS (SELECT 1 FROM contact_files cf WHERE cf.key = fo.key)
  OR EXISTS (SELECT 1 FROM users u WHERE u.avatar_key = fo.key OR u.logo_key = fo.key))`;

/**
 * The weekly orphan file-object cleanup: rows older than 7 days that the spec calls orphans and
 * the permanent rule does not protect are deleted with their objects, 1000 at a time. Each batch
 * is one transaction: the rows are deleted (conditions checked again under lock, so a document
 * attached meanwhile saves its row), then the objects; if S3 fails the rows come back.
 */
export function createOrphanFileObjectsCleanup(deps: CleanupDeps) {
  const { sequelize, s3, bucket } = deps;
  const permanent = PERMANENT_PREFIXES.map((p) => `${p}%`);

  return {
    async deleteOrphanFileObjects(payload: CleanupPayload): Promise<CleanupSummary> {
      const minAgeSeconds = minAge(payload, ORPHAN_MIN_AGE_SECONDS);
      const cutoff = new Date(Date.now() - minAgeSeconds * 1000);
      return runCleanupPass(deps, 'orphan-file-objects', minAgeSeconds, async (tally) => {
        const [counts] = await sequelize.query<{ scanned: number; kept: number }>(
          `SELECT count(*)::int AS scanned, (count(*) FILTER (WHERE ${UNREFERENCED} AND ${PROTECTED}))::int AS kept
             FROM file_objects fo WHERE fo.bucket = $bucket AND fo.created_at < $cutoff`,
          { bind: { bucket, cutoff, permanent }, type: QueryTypes.SELECT },
        );
        tally.scan(counts.scanned);
        tally.keptPermanent = counts.kept;
        for (;;) {
          const keys = await sequelize.transaction(async (transaction) => {
            const rows = await sequelize.query<{ key: string }>(
              `DELETE FROM file_objects WHERE id IN (
                 SELECT fo.id FROM file_objects fo
                  WHERE fo.bucket = $bucket AND fo.created_at < $cutoff AND ${UNREFERENCED} AND NOT ${PROTECTED}
                  LIMIT ${S3_BATCH} FOR UPDATE SKIP LOCKED
               ) RETURNING key`,
              { bind: { bucket, cutoff, permanent }, type: QueryTypes.SELECT, transaction },
            );
            const outcome = await deleteObjects(s3, bucket, rows.map((r) => r.key));
            if (outcome.failed.length > 0) {
              tally.refused(outcome);
              throw new Error(`Storage refused to delete ${outcome.failed.length} objects; their rows were kept`);
            }
            return outcome.deleted;
          });
          tally.removed(keys.length);
          if (keys.length < S3_BATCH) break;
        }
      });
    },
  };
}
