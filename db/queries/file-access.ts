import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { asPlatform } from '../studio-context';
import { reachedFilter } from './session-assignments';
import { type FileAccessRules } from '../../domain/storage/may-sign';

/** Who asks for a link: the user, their organisation, and the bucket the key is in. */
export interface FileAccessRequest {
  userId: string;
  orgId: string;
  /** A member who works only on their assigned sessions (domain/teams/assignments.ts#assignedScope): files of those only. */
  memberId: string | null;
  bucket: string;
  key: string;
}

/**
 * The spec's signed-link ownership rules that need the database, in one statement: each rule is
 * an EXISTS on an indexed key lookup, values bound, nothing about other users' rows returned.
 * Read as the platform: the document rule grants a file of another studio to the person who
 * uploaded it, which row-level security would hide from the studio they act in; every rule names
 * the person or the studio itself.
 */
export async function fileAccessRules(sequelize: Sequelize, r: FileAccessRequest): Promise<FileAccessRules> {
  const [row] = await asPlatform(() =>
    sequelize.query<FileAccessRules>(
      `SELECT
       EXISTS (SELECT 1 FROM file_objects fo WHERE fo.bucket = $bucket AND fo.key = $key AND fo.org_id = $orgId) AS "fileObjectInOrg",
       EXISTS (SELECT 1 FROM session_files sf JOIN sessions s ON s.id = sf.session_id WHERE sf.key = $key AND s.owner_id = $orgId
                AND ($memberId::uuid IS NULL OR ${reachedFilter('session', 's', '$memberId::uuid')})) AS "sessionFileOwned",
       EXISTS (SELECT 1 FROM contact_files cf JOIN contacts c ON c.id = cf.contact_id WHERE cf.key = $key AND c.owner_id = $orgId
                AND ($memberId::uuid IS NULL OR ${reachedFilter('contact', 'c', '$memberId::uuid')})) AS "contactFileOwned",
       EXISTS (SELECT 1 FROM documents d JOIN file_objects fo ON fo.id = d.file_object_id
                WHERE fo.bucket = $bucket AND fo.key = $key AND d.uploaded_by = $userId) AS "documentUploaded",
       (EXISTS (SELECT 1 FROM users u WHERE u.id = $userId AND u.avatar_key = $key)
         OR EXISTS (SELECT 1 FROM organizations o WHERE o.id = $orgId AND o.logo_key = $key)) AS "currentUserImage"`,
      {
        bind: { bucket: r.bucket, key: r.key, orgId: r.orgId, userId: r.userId, memberId: r.memberId },
        type: QueryTypes.SELECT,
      },
    ),
  );
  return row;
}
