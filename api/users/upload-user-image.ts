import crypto from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { setUserImage } from '../../db/commands/set-user-image';
import { UnsupportedMediaTypeError } from '../../domain/storage/errors';
import { ACCEPTED_IMAGE_TYPES, detectImageType, IMAGE_EXTENSIONS } from '../../domain/storage/image-types';
import { USER_IMAGE_PREFIXES, type UserImageKind } from '../../domain/storage/prefixes';

export interface UploadUserImageDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  logger: Logger;
}

export interface UploadedImage {
  key: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Stores a new avatar or logo and makes it current. Order matters: the new object is written
 * first, then the rows (one transaction), and only then is the previous object deleted, so a
 * failure at any step leaves the user with a working image. A failed row write removes the
 * object it just stored.
 */
export async function uploadUserImage(
  deps: UploadUserImageDeps,
  holder: { id: string },
  kind: UserImageKind,
  file: { buffer: Buffer; originalname?: string },
  actorId: string,
): Promise<UploadedImage> {
  // The bytes decide the type, not the client's Content-Type or file name.
  const type = detectImageType(file.buffer);
  if (!type) throw new UnsupportedMediaTypeError(Object.values(ACCEPTED_IMAGE_TYPES));
  const contentType = ACCEPTED_IMAGE_TYPES[type];
  const key = `${USER_IMAGE_PREFIXES[kind]}${holder.id}/${crypto.randomUUID()}.${IMAGE_EXTENSIONS[type]}`;
  const checksum = crypto.createHash('sha256').update(file.buffer).digest('hex');

  await deps.s3.send(
    new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: file.buffer, ContentType: contentType }),
  );
  let previousKey: string | null;
  try {
    ({ previousKey } = await setUserImage(deps.sequelize, {
      holderId: holder.id,
      actorId,
      kind,
      bucket: deps.bucket,
      key,
      contentType,
      sizeBytes: file.buffer.length,
      checksum,
      fileName: file.originalname?.slice(0, 255) || null,
    }));
  } catch (err) {
    await deps.s3.send(new DeleteObjectCommand({ Bucket: deps.bucket, Key: key })).catch(() => undefined);
    throw err;
  }

  if (previousKey) {
    try {
      await deps.s3.send(new DeleteObjectCommand({ Bucket: deps.bucket, Key: previousKey }));
    } catch (err) {
      // Nothing points at it any more; avatars/ and logos/ are permanent, so no cleanup will
      // take it either: the line names the key for removal by hand.
      deps.logger.warn({ err, key: previousKey, kind }, 'previous image could not be deleted from storage');
    }
  }
  return { key, contentType, sizeBytes: file.buffer.length };
}
