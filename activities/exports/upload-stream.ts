import { type S3Client } from '@aws-sdk/client-s3';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MultipartWriter, type ObjectTarget } from './multipart-writer';

/**
 * Streams `body` into one object with a multipart upload, as it is produced: the file is never
 * whole in memory (multipart-writer.ts). `producing` is the work that feeds `body` (a COPY, a
 * workbook). Whichever of the two fails first wins: the body is destroyed (so the producer stops
 * instead of waiting for a reader that is gone), the upload aborted (no parts left behind), and
 * that error thrown. `recycle`, when given, gets back each chunk of `body` once it is copied
 * into a part (MultipartWriter's `copied`).
 */
export async function uploadStream(
  s3: S3Client,
  target: ObjectTarget,
  body: Readable,
  producing: Promise<unknown>,
  recycle?: (chunk: Buffer) => void,
): Promise<void> {
  const writer = new MultipartWriter(s3, target, recycle);
  const uploading = pipeline(body, writer);
  // The loser's rejection is expected once the winner has failed; it is not news.
  uploading.catch(() => undefined);
  producing.catch(() => undefined);
  try {
    await Promise.all([producing, uploading]);
  } catch (err) {
    body.destroy();
    await writer.abort().catch(() => undefined);
    throw err;
  }
}

/** A pass-through that counts the bytes going to the upload (the object's size, without asking S3). */
export class ByteCount extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}
