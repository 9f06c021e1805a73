import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** Which object keys' rows cleanup reads: the bucket, the age cutoff and the permanent prefixes' LIKE patterns. */
export interface OrphanScope {
  bucket: string;
  cutoff: Date;
  /** `prefix%` for each permanent prefix (domain/storage/prefixes.ts). */
  permanent: string[];
}

// The spec's orphan: not referenced by documents or export jobs.
export const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM documents d WHERE d.file_object_id = fo.id)
  AND NOT EXISTS (SELECT 1 FROM export_jobs ej WHERE ej.file_object_id = fo.id)`;

// The permanent rule, which wins over the orphan rule (docs/storage.md): attached to an entity,
// under a permanent prefix, a legacy session or contact file, a member's current avatar or a studio's logo.
export const PROTECTED = `(fo.entity_id IS NOT NULL
  OR fo.key LIKE ANY($permanent::text[])
  OR EXISTS (SELECT 1 FROM session_files sf WHERE sf.key = fo.key)
  OR EXISTS (SELECT 1 FROM contact_files cf WHERE cf.key = fo.key)
  OR EXISTS (SELECT 1 FROM users u WHERE u.avatar_key = fo.key)
  OR EXISTS (SELECT 1 FROM organizations o WHERE o.logo_key = fo.key))`;

/** File-object rows older than the cutoff, and how many of the orphans among them the permanent rule keeps. */
export async function countOrphanFileObjects(
  sequelize: Sequelize,
  scope: OrphanScope,
): Promise<{ scanned: number; kept: number }> {
  const [counts] = await sequelize.query<{ scanned: number; kept: number }>(
    `SELECT count(*)::int AS scanned, (count(*) FILTER (WHERE ${UNREFERENCED} AND ${PROTECTED}))::int AS kept
       FROM file_objects fo WHERE fo.bucket = $bucket AND fo.created_at < $cutoff`,
    { bind: { ...scope }, type: QueryTypes.SELECT },
  );
  return counts;
}

/** The keys of `keys` that some file_objects, session_files or contact_files row names (one statement, on the key indexes). */
export async function referencedObjectKeys(sequelize: Sequelize, bucket: string, keys: string[]): Promise<Set<string>> {
  const rows = await sequelize.query<{ key: string }>(
    `SELECT k.key FROM unnest($2::text[]) AS k(key)
      WHERE EXISTS (SELECT 1 FROM file_objects fo WHERE fo.bucket = $1 AND fo.key = k.key)
         OR EXISTS (SELECT 1 FROM session_files sf WHERE sf.key = k.key)
         OR EXISTS (SELECT 1 FROM contact_files cf WHERE cf.key = k.key)`,
    { bind: [bucket, keys], type: QueryTypes.SELECT },
  );
  return new Set(rows.map((r) => r.key));
}
