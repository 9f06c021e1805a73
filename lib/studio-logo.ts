import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { imageDataUri } from '../domain/storage/image-types';

/** A logo larger than this is left out of pages, emails and documents rather than inlined (uploads are small). */
const MAX_INLINE_LOGO_BYTES = 1024 * 1024;

/**
 * The studio's stored logo (users.logo_key) as a `data:` URI, so a portal page, an email or a pdf
 * loads nothing from elsewhere (and no link expires in a mailbox). Null without a logo, when its
 * object is gone, too large or not an accepted image: the name alone then heads the page. Any
 * other storage error is thrown (an activity retries; the portal leaves the logo out).
 */
export async function readLogoDataUri(
  deps: { s3: S3Client; bucket: string; logger?: Logger },
  key: string | null,
): Promise<string | null> {
  if (!key) return null;
  let object;
  try {
    object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: key }));
  } catch (err) {
    if ((err as Error).name !== 'NoSuchKey') throw err;
    deps.logger?.warn({ key }, 'logo object missing; left out');
    return null;
  }
  if (object.ContentLength !== undefined && object.ContentLength > MAX_INLINE_LOGO_BYTES) {
    deps.logger?.warn({ key, sizeBytes: object.ContentLength }, 'logo too large to inline; left out');
    (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
    return null;
  }
  const bytes = await object.Body?.transformToByteArray();
  return bytes ? imageDataUri(bytes) : null;
}
