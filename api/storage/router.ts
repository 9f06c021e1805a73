import { type S3Client } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { fileAccessRules } from '../../db/queries/file-access';
import { NotFoundError } from '../../domain/errors';
import { linkExpiration } from '../../domain/storage/link-expiration';
import { maySignLink } from '../../domain/storage/may-sign';
import { validateObjectKey } from '../../domain/storage/object-keys';
import { assignedScope } from '../../domain/teams/assignments';
import { type createRouteKit } from '../http/route-kit';
import { SignedLinkView, SignedUrlParams, SignedUrlQuery } from './schema';
import { signGetLink } from './signed-link';

export interface StorageRouterDeps {
  sequelize: Sequelize;
  /** createPublicS3Client(config): signs for S3_PUBLIC_ENDPOINT. */
  publicS3: S3Client;
  bucket: string;
  kit: ReturnType<typeof createRouteKit>;
}

/** /api/storage: time-limited links to stored files, issued only to their owners (docs/storage.md). */
export function buildStorageRouter({ sequelize, publicS3, bucket, kit }: StorageRouterDeps): Router {
  const router = Router();

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/storage/signed-url/*key',
      operationId: 'getSignedUrl',
      summary: 'A time-limited download link for a file the user may read',
      tag: 'storage',
      auth: 'user',
      params: SignedUrlParams,
      query: SignedUrlQuery,
      response: SignedLinkView,
    },
    async ({ user, params, query }) => {
      const key = validateObjectKey(params.key);
      const memberId = assignedScope(user.role, user.id);
      const rules = await fileAccessRules(sequelize, { userId: user.id, orgId: user.orgId, memberId, bucket, key });
      // The same 404 whether the object exists or not: a refused key reveals nothing.
      if (!maySignLink(key, { id: user.id, orgId: user.orgId, memberId }, rules)) throw new NotFoundError('File');
      return signGetLink(publicS3, bucket, key, linkExpiration(query.expirationSeconds, rules.currentUserImage));
    },
  );

  return router;
}
