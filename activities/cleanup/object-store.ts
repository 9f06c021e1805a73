import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { assertCleanupMayDelete } from '../../domain/storage/prefixes';

/** S3's DeleteObjects takes at most 1000 keys; ListObjectsV2 returns at most 1000 per page. */
export const S3_BATCH = 1000;

export interface ListedObject {
  key: string;
  lastModified: Date;
}

/** The objects under `prefix`, one page (up to 1000) at a time, so memory stays flat whatever the count. */
export async function* listObjectPages(s3: S3Client, bucket: string, prefix: string): AsyncGenerator<ListedObject[]> {
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: S3_BATCH }),
    );
    yield (page.Contents ?? [])
      .filter((o) => o.Key && o.LastModified)
      .map((o) => ({ key: o.Key!, lastModified: o.LastModified! }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export interface DeleteOutcome {
  deleted: string[];
  /** Keys S3 refused, with its error code. */
  failed: { key: string; code: string }[];
}

/**
 * Deletes `keys` in batches of 1000 (DeleteObjects). Every key goes through the permanent-prefix
 * guard first: one permanent key fails the whole call before anything is deleted. A key that is
 * already gone counts as deleted (S3 reports it so), which keeps a retried pass idempotent.
 */
export async function deleteObjects(s3: S3Client, bucket: string, keys: readonly string[]): Promise<DeleteOutcome> {
  keys.forEach(assertCleanupMayDelete);
  const outcome: DeleteOutcome = { deleted: [], failed: [] };
  for (let i = 0; i < keys.length; i += S3_BATCH) {
    const batch = keys.slice(i, i + S3_BATCH);
    const res = await s3.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = new Map((res.Errors ?? []).map((e) => [e.Key ?? '', e.Code ?? 'Unknown']));
    for (const key of batch) {
      const code = failed.get(key);
      if (code === undefined) outcome.deleted.push(key);
      else outcome.failed.push({ key, code });
    }
  }
  return outcome;
}

/**
 * Aborts the multipart uploads under `prefix` started before `cutoff`: what a worker killed in
 * the middle of an export leaves behind. Their parts are invisible to object listings but take
 * disk space until aborted. Callers pass temporary prefixes only. Returns how many were aborted.
 */
export async function abortAbandonedUploads(
  s3: S3Client,
  bucket: string,
  prefix: string,
  cutoff: Date,
): Promise<number> {
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const page = await s3.send(
      new ListMultipartUploadsCommand({
        Bucket: bucket,
        Prefix: prefix,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
        MaxUploads: S3_BATCH,
      }),
    );
    for (const upload of page.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= cutoff) continue;
      assertCleanupMayDelete(upload.Key);
      await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
      aborted += 1;
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);
  return aborted;
}
