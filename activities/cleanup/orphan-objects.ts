import { QueryTypes } from 'sequelize';
import { ORPHAN_OBJECT_PREFIXES, partitionDeletable } from '../../domain/storage/prefixes';
import { type CleanupPayload, type CleanupSummary, ORPHAN_MIN_AGE_SECONDS } from '../../workflows/cleanup/contract';
import { minAge, runCleanupPass } from './cleanup-pass';
import { type CleanupDeps } from './deps';
import { deleteObjects, listObjectPages } from './object-store';

/**
 * The monthly orphan-object cleanup: objects under documents/, session-files/ and
 * contact-files/ older than 7 days (LastModified) that no file_objects, session_files or
 * contact_files row names. documents/ is a permanent prefix: its orphans are counted and logged
 * for a person to look at, never deleted (the permanent rule wins, docs/storage.md).
 */
export function createOrphanObjectsCleanup(deps: CleanupDeps) {
  const { sequelize, s3, bucket, logger } = deps;

  /** The keys of `keys` that some row names (one statement per page, on the key indexes). */
  async function referenced(keys: string[]): Promise<Set<string>> {
    const rows = await sequelize.query<{ key: string }>(
      `SELECT k.key FROM unnest($2::text[]) AS k(key)
        WHERE EXISTS (SELECT 1 FROM file_objects fo WHERE fo.bucket = $1 AND fo.key = k.key)
           OR EXISTS (SELECT 1 FROM session_files sf WHERE sf.key = k.key)
           OR EXISTS (SELECT 1 FROM contact_files cf WHERE cf.key = k.key)`,
      { bind: [bucket, keys], type: QueryTypes.SELECT },
    );
    return new Set(rows.map((r) => r.key));
  }

  return {
    async deleteOrphanObjects(payload: CleanupPayload): Promise<CleanupSummary> {
      const minAgeSeconds = minAge(payload, ORPHAN_MIN_AGE_SECONDS);
      const cutoff = new Date(Date.now() - minAgeSeconds * 1000);
      return runCleanupPass(deps, 'orphan-objects', minAgeSeconds, async (tally) => {
        for (const prefix of ORPHAN_OBJECT_PREFIXES) {
          for await (const page of listObjectPages(s3, bucket, prefix)) {
            tally.scan(page.length);
            const old = page.filter((o) => o.lastModified < cutoff).map((o) => o.key);
            if (old.length === 0) continue;
            const named = await referenced(old);
            const { deletable, permanent } = partitionDeletable(old.filter((k) => !named.has(k)));
            if (permanent.length > 0) {
              tally.keptPermanent += permanent.length;
              logger.warn({ prefix, count: permanent.length, sample: permanent.slice(0, 10) }, 'orphan objects under a permanent prefix kept; check them by hand');
            }
            const outcome = await deleteObjects(s3, bucket, deletable);
            tally.removed(outcome.deleted.length);
            tally.refused(outcome);
          }
        }
      });
    },
  };
}
