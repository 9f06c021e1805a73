import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type ErasedObject } from '../../db/commands/erase-contact';

/**
 * Removes the stored files of an erased contact, after the erasure has committed (no storage call
 * under a transaction). An object storage refuses stays: its row is gone, so the monthly orphan
 * cleanup removes it (contact-files/; documents/ is counted and logged there, docs/storage.md).
 * Answers how many were left. Logs counts only: a key may carry a file's name.
 */
export async function removeErasedObjects(
  deps: { s3: S3Client; bucket: string; logger: Logger },
  objects: readonly ErasedObject[],
): Promise<number> {
  let left = 0;
  for (const object of objects) {
    try {
      await deps.s3.send(new DeleteObjectCommand({ Bucket: object.bucket ?? deps.bucket, Key: object.key }));
    } catch (err) {
      left += 1;
      deps.logger.warn(
        { err: (err as Error).name },
        'erased contact file not deleted from storage; the orphan cleanup will',
      );
    }
  }
  return left;
}
