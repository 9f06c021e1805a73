import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type OrphanScope, PROTECTED, UNREFERENCED } from '../queries/storage-cleanup';

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
