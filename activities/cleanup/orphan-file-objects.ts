import { deleteOrphanFileObjectBatch } from '../../db/commands/storage-cleanup';
import { countOrphanFileObjects } from '../../db/queries/storage-cleanup';
import { PERMANENT_PREFIXES } from '../../domain/storage/prefixes';
import { type CleanupPayload, type CleanupSummary, ORPHAN_MIN_AGE_SECONDS } from '../../workflows/cleanup/contract';
import { minAge, runCleanupPass } from './cleanup-pass';
import { type CleanupDeps } from './deps';
import { deleteObjects, S3_BATCH } from './object-store';

/**
 * The weekly orphan file-object cleanup: rows older than 7 days that the spec calls orphans and
 * the permanent rule does not protect are deleted with their objects, 1000 at a time. Each batch
 * deletes the rows (conditions checked again under lock, so a document attached meanwhile saves
 * its row) and commits, then deletes the objects; an object S3 refuses is left to the
 * orphan-objects pass (no transaction is open while S3 is asked).
 */
export function createOrphanFileObjectsCleanup(deps: CleanupDeps) {
  const { sequelize, s3, bucket } = deps;
  const permanent = PERMANENT_PREFIXES.map((p) => `${p}%`);

  return {
    async deleteOrphanFileObjects(payload: CleanupPayload): Promise<CleanupSummary> {
      const minAgeSeconds = minAge(payload, ORPHAN_MIN_AGE_SECONDS);
      const cutoff = new Date(Date.now() - minAgeSeconds * 1000);
      return runCleanupPass(deps, 'orphan-file-objects', minAgeSeconds, async (tally) => {
        const counts = await countOrphanFileObjects(sequelize, { bucket, cutoff, permanent });
        tally.scan(counts.scanned);
        tally.keptPermanent = counts.kept;
        for (;;) {
          const found = await deleteOrphanFileObjectBatch(sequelize, { bucket, cutoff, permanent, limit: S3_BATCH });
          const outcome = await deleteObjects(s3, bucket, found);
          if (outcome.failed.length > 0) {
            tally.refused(outcome);
            throw new Error(
              `Storage refused to delete ${outcome.failed.length} objects; the orphan-objects pass removes them`,
            );
          }
          const keys = outcome.deleted;
          tally.removed(keys.length);
          if (keys.length < S3_BATCH) break;
        }
      });
    },
  };
}
