import { type S3Client } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { memberAndStudio, setMemberPreferences } from '../../services/teams/member-preferences';
import { MAX_LINK_SECONDS } from '../../domain/storage/link-expiration';
import { type UserImageKind } from '../../domain/storage/prefixes';
import { type createRouteKit, type RouteContext, registerRoutes, routesFor } from '../http/route-kit';
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

type UsersContext = UsersRouterDeps & {
  readImage: ReturnType<typeof createImageUpload>;
};
type UsersHandlers = UsersContext & {
  profile: ReturnType<typeof profileOf>;
  uploadImage: ReturnType<typeof uploadImageOf>;
};
const tag = 'users';
const route = routesFor<UsersHandlers, UsersContext>();

/** The profile with links to its avatar and logo, as every profile answer gives it. */
const profileOf =
  ({ publicS3, bucket }: UsersContext) =>
  async ({ person, studio }: Awaited<ReturnType<typeof memberAndStudio>>) => {
    const link = (key: string | null) =>
      key ? signGetLink(publicS3, bucket, key, MAX_LINK_SECONDS) : Promise.resolve(null);
    const [avatar, logo] = await Promise.all([link(person.avatar_key), link(studio.logo_key)]);
    return presentUserProfile(person, studio, avatar, logo);
  };

/** The handler of PUT /api/users/me/avatar and /logo: store the new image, delete the previous one, answer a link. */
const uploadImageOf =
  ({ publicS3, bucket, sequelize, s3, logger, readImage }: UsersContext) =>
  (kind: UserImageKind) =>
  async ({ req, res, user }: Pick<RouteContext<unknown, unknown, unknown>, 'req' | 'res' | 'user'>) => {
    const file = await readImage(req, res);
    // An avatar is the member's own; the logo is the studio's, on the studio's row.
    const holder = kind === 'logo' ? { id: user.orgId } : user;
    const stored = await uploadUserImage({ sequelize, s3, bucket, logger }, holder, kind, file, user.id);
    const signed = await signGetLink(publicS3, bucket, stored.key, MAX_LINK_SECONDS);
    return { ...signed, content_type: stored.contentType, size_bytes: stored.sizeBytes };
  };

/** Every route of buildUsersRouter, in the document's order. */
const USERS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/users/me',
      operationId: 'getCurrentUserProfile',
      summary: 'The signed-in user with the current avatar and logo',
      tag,
      auth: 'user',
      response: UserProfileView,
    },
    ({ sequelize, profile }) =>
      async ({ user }) => {
        return profile(await memberAndStudio(sequelize, user));
      },
  ),

  route(
    {
      method: 'patch',
      path: '/api/users/me/preferences',
      operationId: 'updateUserPreferences',
      errors: ['tenant_slug_taken'],
      summary:
        "Set preferences: the member's time zone, language, notification address and csv dialect; the studio's country, public slug (its contact form: /portal/contact/<slug>) and calendar feeds' client names, for owners and admins",
      tag,
      auth: 'user',
      body: UpdatePreferencesBody,
      response: UserProfileView,
    },
    ({ sequelize, profile }) =>
      async ({ user, body }) => {
        return profile(await setMemberPreferences(sequelize, user, body));
      },
  ),

  route(
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
    ({ uploadImage }) => uploadImage('avatar'),
  ),

  route(
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
    ({ uploadImage }) => uploadImage('logo'),
  ),
];

/** /api/users/me: the profile with its avatar and logo, and their uploads. */
export function buildUsersRouter(deps: UsersRouterDeps): Router {
  const { maxImageBytes } = deps;
  const context: UsersContext = {
    ...deps,
    readImage: createImageUpload(maxImageBytes),
  };
  const handlers: UsersHandlers = {
    ...context,
    profile: profileOf(context),
    uploadImage: uploadImageOf(context),
  };
  return registerRoutes(Router(), deps.kit, USERS_ROUTES, handlers, context);
}
