import { type Sequelize } from 'sequelize-typescript';

/** Deletes the file_objects rows of objects just deleted from the bucket. */
export async function deleteFileObjectRows(sequelize: Sequelize, bucket: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await sequelize.query('DELETE FROM file_objects WHERE bucket = $1 AND key = ANY($2::text[])', {
    bind: [bucket, keys],
  });
}
