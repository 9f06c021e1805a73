import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type OrphanScope, PROTECTED, UNREFERENCED } from '../queries/storage-cleanup';

/** Deletes the file_objects rows of objects just deleted from the bucket. */
export async function deleteFileObjectRows(sequelize: Sequelize, bucket: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await sequelize.query('DELETE FROM file_objects WHERE bucket = $1 AND key = ANY($2::text[])', {
    bind: [bucket, keys],
  });
}

/**
 * Deletes up to `limit` file_objects rows under the given LIKE patterns created before the cutoff
 * (rows whose object may already be gone); answers their keys.
 */
export async function deleteStaleFileObjectRows(
  sequelize: Sequelize,
  scope: { bucket: string; patterns: string[]; cutoff: Date; limit: number },
): Promise<string[]> {
  const rows = await sequelize.query<{ key: string }>(
    `DELETE FROM file_objects WHERE id IN (
       SELECT id FROM file_objects WHERE bucket = $1 AND key LIKE ANY($2::text[]) AND created_at < $3 LIMIT ${Number(scope.limit)}
     ) RETURNING key`,
    { bind: [scope.bucket, scope.patterns, scope.cutoff], type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.key);
}

/**
 * One batch of the orphan file-object cleanup: up to `limit` orphan rows the permanent rule does
 * not protect are deleted in one statement (conditions checked under its lock, so a document
 * attached meanwhile saves its row), and their keys answered, for the caller to delete the
 * objects after the commit (no transaction is open while S3 is asked). An object S3 then refuses
 * to delete has no row left: the orphan-objects pass removes it.
 */
export async function deleteOrphanFileObjectBatch(
  sequelize: Sequelize,
  scope: OrphanScope & { limit: number },
): Promise<string[]> {
  const { limit, ...bind } = scope;
  const rows = await sequelize.query<{ key: string }>(
    `DELETE FROM file_objects WHERE id IN (
       SELECT fo.id FROM file_objects fo
        WHERE fo.bucket = $bucket AND fo.created_at < $cutoff AND ${UNREFERENCED} AND NOT ${PROTECTED}
        LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED
     ) RETURNING key`,
    { bind, type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.key);
}
