import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** Records an export's file, once per object: a retried attempt that rewrote the object updates its row. Answers the row id. */
export async function upsertExportFileObject(
  sequelize: Sequelize,
  row: {
    orgId: string;
    bucket: string;
    key: string;
    contentType: string;
    sizeBytes: number;
    createdBy: string;
    fileName: string;
  },
): Promise<string> {
  const [saved] = await sequelize.query<{ id: string }>(
    `INSERT INTO file_objects (org_id, provider, bucket, key, content_type, size_bytes, created_by, file_name, entity_type, entity_id)
     VALUES ($1, 's3', $2, $3, $4, $5, $6, $7, 'export', NULL)
     ON CONFLICT (bucket, key) DO UPDATE
       SET content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes, file_name = EXCLUDED.file_name, updated_at = now()
     RETURNING id`,
    {
      bind: [row.orgId, row.bucket, row.key, row.contentType, row.sizeBytes, row.createdBy, row.fileName],
      type: QueryTypes.SELECT,
    },
  );
  return saved.id;
}
