import { type S3Client } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { setUserPreferences } from '../../db/commands/set-user-preferences';
import { findUser } from '../../db/queries/users';
import { MAX_LINK_SECONDS } from '../../domain/storage/link-expiration';
import { type UserImageKind } from '../../domain/storage/prefixes';
import { type createRouteKit, type RouteContext } from '../http/route-kit';
import { signGetLink } from '../storage/signed-link';
import { createImageUpload } from './image-upload';
import { presentUserProfile } from './presenter';
import { UpdatePreferencesBody, UploadedImageView, UserProfileView } from './schema';
import { uploadUserImage } from './upload-user-image';

export interface UsersRouterDeps {
  sequelize: Sequelize;
  s3: S3Client;
  /** createPublicS3Client(config): signs for S3_PUBLIC_ENDPOINT. */
  publicS3: S3Client;
  bucket: string;
  maxImageBytes: number;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}

/** /api/users/me: the profile with its avatar and logo, and their uploads. */
export function buildUsersRouter(deps: UsersRouterDeps): Router {
  const { kit, publicS3, bucket, sequelize } = deps;
  const router = Router();
  const tag = 'users';
  const readImage = createImageUpload(deps.maxImageBytes);
  const link = (key: string | null) =>
    key ? signGetLink(publicS3, bucket, key, MAX_LINK_SECONDS) : Promise.resolve(null);

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/users/me',
      operationId: 'getCurrentUserProfile',
      summary: 'The signed-in user with the current avatar and logo',
      tag,
      auth: 'user',
      response: UserProfileView,
    },
    async ({ user }) => {
      const row = await findUser(sequelize, user.id);
      const [avatar, logo] = await Promise.all([link(row.avatar_key), link(row.logo_key)]);
      return presentUserProfile(row, avatar, logo);
    },
  );

  kit.route(
    router,
    {
      method: 'patch',
      path: '/api/users/me/preferences',
      operationId: 'updateUserPreferences',
      errors: ['tenant_slug_taken'],
      summary:
        'Set preferences: time zone, csv dialect, the studio public slug (its contact form: /portal/contact/<slug>)',
      tag,
      auth: 'user',
      body: UpdatePreferencesBody,
      response: UserProfileView,
    },
    async ({ user, body }) => {
      const row = await setUserPreferences(sequelize, user.id, body);
      const [avatar, logo] = await Promise.all([link(row.avatar_key), link(row.logo_key)]);
      return presentUserProfile(row, avatar, logo);
    },
  );

  /** The handler of PUT /api/users/me/avatar and /logo: store the new image, delete the previous one, answer a link. */
  const uploadImage =
    (kind: UserImageKind) =>
    async ({ req, res, user }: Pick<RouteContext<unknown, unknown, unknown>, 'req' | 'res' | 'user'>) => {
      const file = await readImage(req, res);
      const stored = await uploadUserImage(deps, user, kind, file);
      const signed = await signGetLink(publicS3, bucket, stored.key, MAX_LINK_SECONDS);
      return { ...signed, content_type: stored.contentType, size_bytes: stored.sizeBytes };
    };

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/users/me/avatar',
      operationId: 'uploadAvatar',
      errors: ['payload_too_large', 'unsupported_media_type'],
      summary: 'Upload a new avatar (multipart part "file": png, jpeg or webp); the previous one is deleted',
      tag,
      auth: 'user',
      response: UploadedImageView,
    },
    uploadImage('avatar'),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/users/me/logo',
      operationId: 'uploadLogo',
      errors: ['payload_too_large', 'unsupported_media_type'],
      summary: 'Upload a new logo (multipart part "file": png, jpeg or webp); the previous one is deleted',
      tag,
      auth: 'user',
      response: UploadedImageView,
    },
    uploadImage('logo'),
  );

  return router;
}
