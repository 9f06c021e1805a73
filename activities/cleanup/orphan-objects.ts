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
  const { s3, bucket, logger } = deps;

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
            const named = await deps.referencedObjectKeys(bucket, old);
            const { deletable, permanent } = partitionDeletable(old.filter((k) => !named.has(k)));
            if (permanent.length > 0) {
              tally.keptPermanent += permanent.length;
              logger.warn(
                { prefix, count: permanent.length, sample: permanent.slice(0, 10) },
                'orphan objects under a permanent prefix kept; check them by hand',
              );
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
