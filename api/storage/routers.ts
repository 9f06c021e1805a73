import { type S3Client } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type Config } from '../../lib/config';
import { type createRouteKit } from '../http/route-kit';
import { buildUsersRouter } from '../users/router';
import { buildStorageRouter } from './router';

/**
 * The storage routes (signed links) and the user image routes, which share the app's link signer
 * on S3_PUBLIC_ENDPOINT: one line in api/app.ts.
 */
export function buildStorageRouters({
  config,
  sequelize,
  s3,
  publicS3,
  logger,
  kit,
}: {
  config: Config;
  sequelize: Sequelize;
  s3: S3Client;
  publicS3: S3Client;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  router.use(buildStorageRouter({ sequelize, publicS3, bucket: config.S3_BUCKET, kit }));
  router.use(
    buildUsersRouter({
      sequelize,
      s3,
      publicS3,
      bucket: config.S3_BUCKET,
      maxImageBytes: config.USER_IMAGE_MAX_BYTES,
      logger,
      kit,
    }),
  );
  return router;
}
