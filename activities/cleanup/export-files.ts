import { partitionDeletable, TEMPORARY_PREFIXES } from '../../domain/storage/prefixes';
import { type CleanupPayload, type CleanupSummary } from '../../workflows/cleanup/contract';
import { minAge, runCleanupPass } from './cleanup-pass';
import { type CleanupDeps } from './deps';
import { abortAbandonedUploads, deleteObjects, listObjectPages, S3_BATCH } from './object-store';

/**
 * The daily export-file cleanup: under the temporary prefixes only, objects whose LastModified
 * is older than the retention are deleted in batches of 1000, with their file_objects rows
 * (export_jobs keep their history: their file_object_id becomes NULL). Then rows under those
 * prefixes past the retention whose object was already gone are removed too, and multipart
 * uploads started there before the retention and never completed are aborted.
 */
export function createExportFilesCleanup(deps: CleanupDeps) {
  const { s3, bucket } = deps;

  return {
    async deleteExpiredExportFiles(payload: CleanupPayload): Promise<CleanupSummary> {
      const minAgeSeconds = minAge(payload, deps.exportRetentionHours * 3600);
      const cutoff = new Date(Date.now() - minAgeSeconds * 1000);
      return runCleanupPass(deps, 'export-files', minAgeSeconds, async (tally) => {
        for (const prefix of TEMPORARY_PREFIXES) {
          for await (const page of listObjectPages(s3, bucket, prefix)) {
            tally.scan(page.length);
            const expired = page.filter((o) => o.lastModified < cutoff).map((o) => o.key);
            // pdfs/ai-reports/ and the others are temporary; the guard still sees every key.
            const { deletable, permanent } = partitionDeletable(expired);
            tally.keptPermanent += permanent.length;
            const outcome = await deleteObjects(s3, bucket, deletable);
            await deps.deleteFileObjectRows(bucket, outcome.deleted);
            tally.removed(outcome.deleted.length);
            tally.refused(outcome);
          }
        }
        // Uploads a killed worker never finished or aborted: parts on disk that no listing shows.
        for (const prefix of TEMPORARY_PREFIXES) {
          const aborted = await abortAbandonedUploads(s3, bucket, prefix, cutoff);
          if (aborted) deps.logger.info({ prefix, aborted }, 'cleanup aborted abandoned multipart uploads');
        }
        // Rows whose object is already gone (deleted by hand, or a pass that died between the
        // two steps): the key-prefix index serves these LIKEs.
        const patterns = TEMPORARY_PREFIXES.map((p) => `${p}%`);
        for (;;) {
          const keys = await deps.deleteStaleFileObjectRows({ bucket, patterns, cutoff, limit: S3_BATCH });
          if (keys.length === 0) break;
          const { deletable } = partitionDeletable(keys);
          tally.refused(await deleteObjects(s3, bucket, deletable));
          tally.scan(keys.length);
          tally.removed(keys.length);
          if (keys.length < S3_BATCH) break;
        }
      });
    },
  };
}
