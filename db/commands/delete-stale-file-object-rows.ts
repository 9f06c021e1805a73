import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

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
