import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Logger } from 'pino';
import { imageDataUri } from '../domain/storage/image-types';

/** A logo larger than this is left out of pages and emails rather than inlined (uploads are small). */
const MAX_INLINE_LOGO_BYTES = 1024 * 1024;

/**
 * The studio's stored logo as a `data:` URI, so the portal page and the email load nothing from
 * elsewhere (and no link expires in a mailbox). Null without a logo, or when it cannot be read or
 * is too large: the name alone then heads the page, and the line says why.
 */
export async function readLogoDataUri(deps: { s3: S3Client; bucket: string; logger?: Logger }, key: string | null): Promise<string | null> {
  if (!key) return null;
  try {
    const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: key }));
    if (object.ContentLength !== undefined && object.ContentLength > MAX_INLINE_LOGO_BYTES) {
      deps.logger?.warn({ key, sizeBytes: object.ContentLength }, 'logo too large to inline; left out');
      (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
      return null;
    }
    return imageDataUri(await object.Body!.transformToByteArray());
  } catch (err) {
    deps.logger?.warn({ err, key }, 'logo could not be read; left out');
    return null;
  }
}
